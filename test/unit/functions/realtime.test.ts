import { describe, expect, it } from 'vitest';
import { marshall } from '@aws-sdk/util-dynamodb';
import { notificationFor } from '../../../functions/platform/realtime.js';

const track = marshall({ PK: 'TRACK#t1', SK: 'META', entity: 'track', id: 't1', userId: 'u1', title: 'x' }) as never;

describe('notificationFor', () => {
  it("tells a track's owner about its insert, change and removal", () => {
    expect(notificationFor({ eventName: 'INSERT', newImage: track })).toEqual({
      userIds: ['u1'],
      message: { type: 'change', entity: 'track', id: 't1', action: 'insert' },
    });
    expect(notificationFor({ eventName: 'MODIFY', newImage: track, oldImage: track })?.message.action).toBe('modify');
    expect(notificationFor({ eventName: 'REMOVE', oldImage: track })?.message.action).toBe('remove');
  });

  it('tells both participants about a share and what hangs on it, naming the share', () => {
    const comment = marshall({
      PK: 'SHARE#s1',
      SK: 'COMMENT#c1',
      entity: 'comment',
      id: 'c1',
      shareId: 's1',
      participants: ['u1', 'u2'],
    }) as never;
    expect(notificationFor({ eventName: 'INSERT', newImage: comment })).toEqual({
      userIds: ['u1', 'u2'],
      message: { type: 'change', entity: 'comment', id: 's1', action: 'insert' },
    });
  });

  it('ignores records nobody subscribes to', () => {
    expect(
      notificationFor({ eventName: 'INSERT', newImage: marshall({ PK: 'USER#u1', SK: 'PROFILE', entity: 'user', id: 'u1' }) as never }),
    ).toBeNull();
    expect(notificationFor({ eventName: 'INSERT' })).toBeNull();
  });
});
