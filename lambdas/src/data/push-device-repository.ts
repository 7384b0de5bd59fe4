// The user's push devices (sk PUSHDEV#{deviceId}): the spec's device push token record {deviceId, lastUsed} with the
// browser's PushSubscription (endpoint and keys) the server sends to. Not backed up: a subscription belongs to one
// browser's service worker and is made again by switching notifications on.
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { notFound, type PushDevice } from '@chartside/shared';
import { isConditionalCheckFailed, keys, type Table } from './table';
import { queryUnder } from './versioned-record-store';

export interface PushSubscriptionKeys {
  p256dh: string;
  auth: string;
}

export interface StoredPushDevice extends PushDevice {
  endpoint: string;
  keys: PushSubscriptionKeys;
}

export class PushDeviceRepository {
  constructor(private readonly table: Table) {}

  /** Writes the device's subscription over any earlier one (a device subscribes again after its browser renewed it). */
  async put(userId: string, device: StoredPushDevice): Promise<void> {
    const { deviceId, lastUsed, endpoint, keys: subscriptionKeys } = device;
    await this.table.client.send(
      new PutCommand({ TableName: this.table.name, Item: { pk: keys.user(userId), sk: keys.pushDevice(deviceId), deviceId, lastUsed, endpoint, keys: subscriptionKeys } }),
    );
  }

  async list(userId: string): Promise<StoredPushDevice[]> {
    const items = await queryUnder(this.table, userId, keys.pushDevice(''), {});
    return items.map(({ deviceId, lastUsed, endpoint, keys: subscriptionKeys }) => ({
      deviceId: String(deviceId),
      lastUsed: String(lastUsed),
      endpoint: String(endpoint),
      keys: subscriptionKeys as PushSubscriptionKeys,
    }));
  }

  /** Only a device of this user: another's id is not found. */
  async remove(userId: string, deviceId: string): Promise<void> {
    try {
      await this.table.client.send(
        new DeleteCommand({ TableName: this.table.name, Key: { pk: keys.user(userId), sk: keys.pushDevice(deviceId) }, ConditionExpression: 'attribute_exists(pk)' }),
      );
    } catch (error) {
      if (isConditionalCheckFailed(error)) throw notFound('The push device');
      throw error;
    }
  }

  /** Drops a subscription the push service called gone, unless the device subscribed again meanwhile (another endpoint). */
  async removeGone(userId: string, deviceId: string, endpoint: string): Promise<void> {
    try {
      await this.table.client.send(
        new DeleteCommand({
          TableName: this.table.name,
          Key: { pk: keys.user(userId), sk: keys.pushDevice(deviceId) },
          ConditionExpression: '#endpoint = :endpoint',
          ExpressionAttributeNames: { '#endpoint': 'endpoint' },
          ExpressionAttributeValues: { ':endpoint': endpoint },
        }),
      );
    } catch (error) {
      if (!isConditionalCheckFailed(error)) throw error;
    }
  }

  /** Records a push sent (a put, so the scheduled refresh needs no UpdateItem); a device removed or renewed meanwhile stays so. */
  async touch(userId: string, device: StoredPushDevice, lastUsed: string): Promise<void> {
    try {
      await this.table.client.send(
        new PutCommand({
          TableName: this.table.name,
          Item: { pk: keys.user(userId), sk: keys.pushDevice(device.deviceId), deviceId: device.deviceId, lastUsed, endpoint: device.endpoint, keys: device.keys },
          ConditionExpression: '#endpoint = :endpoint',
          ExpressionAttributeNames: { '#endpoint': 'endpoint' },
          ExpressionAttributeValues: { ':endpoint': device.endpoint },
        }),
      );
    } catch (error) {
      if (!isConditionalCheckFailed(error)) throw error;
    }
  }
}
