// The Bedrock models a deployment uses unless configured otherwise (CDK context, or the local runtime's settings):
// Amazon Nova, which Converse and ConverseStream support with images and documents, on demand in-region.
export const bedrockModelDefaults = {
  fast: 'amazon.nova-lite-v1:0',
  slow: 'amazon.nova-pro-v1:0',
  vision: 'amazon.nova-lite-v1:0',
  extraction: 'amazon.nova-lite-v1:0',
} as const;
