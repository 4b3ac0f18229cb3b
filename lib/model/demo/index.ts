/** Public surface of the demo provider: the model, its playbooks and the helpers playbooks use. */
export { createDemoModel, DemoLanguageModel, DEFAULT_DEMO_DELAY_MS, DEMO_MODEL_ID, DEMO_PROVIDER, type DemoModelOptions } from './demo-language-model';
export { decideDemoAction, type DecidedAction } from './decide-demo-action';
export { readConversationState, denialReason } from './conversation-state';
export { DEMO_PLAYBOOKS } from './playbooks';
export { buildSchemaInstance } from './schema-instance';
export { argumentsFor, findTool, pickProperty, propertyNames } from './tool-arguments';
export * from './text-helpers';
export type * from './demo-types';
