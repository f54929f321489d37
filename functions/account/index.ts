/**
 * The account topic: an account's own actions across every topic: its history, its data export, its deletion.
 * What it offers the topics above it and the entry points: the one way into account/ (lint holds it).
 */
export { deleteMyAccount, deletionCheck } from './account-deletion.js';
export { exportData } from './data-export.js';
