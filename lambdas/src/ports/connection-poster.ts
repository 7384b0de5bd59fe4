/** Sends bytes to one WebSocket connection (API Gateway's PostToConnection). */
export interface ConnectionPoster {
  /** 'gone' when the connection no longer exists, so the caller can forget it. */
  post(connectionId: string, data: string): Promise<'sent' | 'gone'>;
}
