export * from './agencies';
export * from './users';
export * from './sellers';
export * from './activity';
export * from './catalog';
export * from './orders';
export * from './proxies';
export * from './content';
