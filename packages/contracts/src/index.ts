export * from './accounts';
export * from './agent';
export * from './brand';
export * from './chats';
export * from './errors';
export * from './models';
export * from './plans';
export * from './tools';
