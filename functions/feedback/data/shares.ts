/**
 * Shares and everything that hangs on them, in the share's own partition, so a whole feedback view
 * is one Query. Keys:
 * - share     PK SHARE#<id>  SK META             GSI1 SHAREDBY#<userId> / SHARE#<createdAt>#<id>
 *                                                GSI2 SHAREDWITH#<userId> / <status>#<createdAt>#<id>
 * - feedback  PK SHARE#<id>  SK FEEDBACK
 * - comment   PK SHARE#<id>  SK COMMENT#<commentId>
 * - ranking   PK SHARE#<id>  SK RANKING
 * - checklist PK SHARE#<id>  SK CHECKLIST        (a re-check's marks and moved points; written with the share)
 * - suggested PK SHARE#<id>  SK SUGGESTED        (the AI suggestions given to its reviewer: comments say how they were made)
 * - findings  PK SHARE#<id>  SK FINDINGS         (its track's analysis findings, and those its reviewer dismissed)
 * - e-mail    PK SHARE#<id>  SK EMAIL#<event>    (an e-mail is sent at most once per event)
 * - digest    PK SHARE#<id>  SK DIGEST#<userId>  GSI2 DIGEST#DUE#<shard> / <dueAt>#<id>#<userId>
 *                                                (comments not yet e-mailed to userId, due at dueAt;
 *                                                DIGEST_SHARDS partitions by a hash of the share id)
 * - link      PK TRACK#<trackId>  SK SHARE#<id>  (the shares of a track: listening rights, deletion; lists the
 *                                                ids of the share's comments in `commentIds`, which the cap on
 *                                                comments counts, and the list's changes in `commentsVersion`)
 * Every item but e-mails and digests carries `participants` so the realtime consumer knows whom to tell.
 *
 * Deleting without listing each share: the track's META collects the ids of its shares (`shareIds`) and each
 * link the ids of its share's comments (`commentIds`), in the transactions that create them. The other
 * items of a share have known keys. So one consistent read of the track's partition names every item to
 * delete, and one transaction deletes them all on condition that neither set has changed since (see
 * functions/tracks/tracks.ts).
 *
 * Deletion fences: a track being deleted, then each of its shares, gets `deletingAt` on its META item
 * before anything is listed for deletion. Every write on a share (and a new share on a track) is a
 * transaction or condition requiring that META to exist unfenced, so nothing can land on a share once its
 * deletion has looked at it, and a deletion cannot leave anything behind.
 *
 * One module per concern under shares/: the records and their keys, creating a share, reading and
 * listing, a share's status, comments, feedback and its rating, e-mails and digests, and a track's links
 * (deletion).
 */
export * from './shares/records.js';
export * from './shares/create.js';
export * from './shares/read.js';
export * from './shares/status.js';
export * from './shares/comments.js';
export * from './shares/feedback.js';
export * from './shares/emails.js';
export * from './shares/track-links.js';
export * from './shares/review-work.js';
export * from './shares/suggested.js';
export * from './shares/disputes.js';
export * from './shares/checklist.js';
export * from './shares/forget.js';
export * from './shares/findings.js';
