/**
 * The realtime channel's connections: remembered for their user at $connect, forgotten at $disconnect.
 * Apart from realtime.ts (delivery) so that the socket function carries no management API client.
 */
export { deleteConnection as disconnect, putConnection as connect } from './data/connections.js';
