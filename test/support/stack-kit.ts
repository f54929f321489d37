/** What most tests against the local stack use, from one place: its API, its users, its table, its mail. */
export * from './api.js';
export * as flows from './flows.js';
export * from './in-process.js';
export * from './mail.js';
export * as money from './payments.js';
export * from './table.js';
export * from './users.js';
export * from './wait.js';
