export * from './accounts';
export * from './agent';
export * from './billing';
export * from './brand';
export * from './errors';
export * from './models';
export * from './plans';
export * from './tools';
