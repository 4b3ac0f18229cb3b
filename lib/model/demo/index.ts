/** Public surface of the demo provider: the model, its playbooks and the helpers playbooks use. */
export { createDemoModel, DemoLanguageModel, DEFAULT_DEMO_DELAY_MS, DEMO_MODEL_ID, DEMO_PROVIDER, type DemoModelOptions } from '@/lib/model/demo/demo-language-model';
export { decideDemoAction, type DecidedAction } from '@/lib/model/demo/decide-demo-action';
export { readConversationState, denialReason } from '@/lib/model/demo/conversation-state';
export { DEMO_PLAYBOOKS } from '@/lib/model/demo/playbooks';
export { buildSchemaInstance } from '@/lib/model/demo/schema-instance';
export { argumentsFor, findTool, pickProperty, propertyNames } from '@/lib/model/demo/tool-arguments';
export * from '@/lib/model/demo/text-helpers';
export type * from '@/lib/model/demo/demo-types';
