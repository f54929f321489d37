/**
 * The records of people, as other topics and the entry points read and write them: the one way into
 * people/data/ (lint holds it).
 */
export { auditChange, auditPut } from './audit.js';
export { deleteAccount } from './identities.js';
export { deleteImage } from './images.js';
export { removeUserRecords } from './user-removal.js';
export { getUser, type UserRecord } from './users.js';
