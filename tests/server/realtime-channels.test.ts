// The channel registry: who hears a channel, and presence bookkeeping across several tabs of one person.
import { describe, expect, it } from 'vitest';
import { ChannelRegistry, type Subscriber } from '../../server/realtime/channels';

const socket = (socketId: string): Subscriber & { got: string[] } => {
  const got: string[] = [];
  return { socketId, got, send: (frame) => got.push(frame) };
};

describe('ChannelRegistry', () => {
  it('lists subscribers per channel and forgets a closed socket everywhere', () => {
    const reg = new ChannelRegistry();
    const a = socket('1.1');
    const b = socket('2.2');
    reg.subscribe(a, 'news');
    reg.subscribe(b, 'news');
    reg.subscribe(a, 'private-user-1');
    expect([...reg.subscribers('news')].map((s) => s.socketId)).toEqual(['1.1', '2.2']);
    expect(reg.isSubscribed('1.1', 'private-user-1')).toBe(true);
    expect(reg.removeSocket('1.1')).toEqual([]);
    expect([...reg.subscribers('news')].map((s) => s.socketId)).toEqual(['2.2']);
    expect(reg.subscriberCount('private-user-1')).toBe(0);
    expect(reg.isSubscribed('1.1', 'news')).toBe(false);
  });

  it('adds a presence member on their first socket and removes them with their last', () => {
    const reg = new ChannelRegistry();
    const ch = 'presence-class';
    expect(reg.subscribe(socket('1.1'), ch, { user_id: '7', user_info: { name: 'A' } })).toEqual({ added: true });
    expect(reg.subscribe(socket('1.2'), ch, { user_id: '7', user_info: { name: 'A' } })).toEqual({ added: false });
    expect(reg.subscribe(socket('2.1'), ch, { user_id: '8' })).toEqual({ added: true });
    expect(reg.presenceSnapshot(ch)).toEqual({ ids: ['7', '8'], hash: { 7: { name: 'A' }, 8: null }, count: 2 });
    expect(reg.presenceUserOf('1.2', ch)).toBe('7');

    expect(reg.unsubscribe('1.1', ch)).toEqual({});
    expect(reg.removeSocket('1.2')).toEqual([{ channel: ch, userId: '7' }]);
    expect(reg.unsubscribe('2.1', ch)).toEqual({ removed: '8' });
    expect(reg.presenceSnapshot(ch)).toEqual({ ids: [], hash: {}, count: 0 });
  });

  it('treats re-subscribing a socket as another identity as leaving with the old one', () => {
    const reg = new ChannelRegistry();
    const s = socket('1.1');
    reg.subscribe(s, 'presence-x', { user_id: '1' });
    reg.subscribe(s, 'presence-x', { user_id: '2' });
    expect(reg.presenceSnapshot('presence-x').ids).toEqual(['2']);
    expect(reg.subscriberCount('presence-x')).toBe(1);
  });
});
