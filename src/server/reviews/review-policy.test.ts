import { describe, expect, it } from 'vitest';
import { decideReviewStatus, reviewerName, reviewNotificationText } from './review-policy.ts';

const text = { title: 'Fine board', comment: 'Works well.', pros: [], cons: [] };

describe('decideReviewStatus (docs/product.md#review-rules)', () => {
  it('follows the moderation mode', () => {
    const settings = (moderation: 'verified_auto' | 'all' | 'none') => ({ moderation, banned_words: [] });
    expect(decideReviewStatus(settings('verified_auto'), true, text)).toEqual({ status: 'approved', heldReason: null });
    expect(decideReviewStatus(settings('verified_auto'), false, text)).toEqual({
      status: 'pending',
      heldReason: 'moderation',
    });
    expect(decideReviewStatus(settings('all'), true, text)).toEqual({ status: 'pending', heldReason: 'moderation' });
    expect(decideReviewStatus(settings('none'), false, text)).toEqual({ status: 'approved', heldReason: null });
  });

  it('holds a banned word in any field whatever the mode, never across two fields', () => {
    const settings = { moderation: 'none' as const, banned_words: ['junk', 'waste of money'] };
    for (const field of [{ title: 'JUNK' }, { comment: 'pure junk!' }, { pros: ['junk'] }, { cons: ['ok', 'Junk'] }]) {
      expect(decideReviewStatus(settings, true, { ...text, ...field })).toEqual({
        status: 'pending',
        heldReason: 'banned_words',
      });
    }
    expect(decideReviewStatus(settings, true, { ...text, comment: 'A Waste of Money.' }).heldReason).toBe(
      'banned_words',
    );
    expect(decideReviewStatus(settings, true, { ...text, title: 'a waste', comment: 'of money' }).status).toBe(
      'approved',
    );
    expect(decideReviewStatus(settings, true, { ...text, comment: 'junkyard find' }).status).toBe('approved');
  });
});

describe('review names and notifications', () => {
  it('names the author by the account, else "Shopper"', () => {
    expect(reviewerName(' Rami ')).toBe('Rami');
    expect(reviewerName('   ')).toBe('Shopper');
    expect(reviewerName(null)).toBe('Shopper');
  });

  it('tells the admins the stars, product and author', () => {
    expect(reviewNotificationText({ rating: 4, productName: 'Arduino Uno R3', userName: 'Lina' })).toEqual({
      title: 'New review',
      message: '★4 for Arduino Uno R3 by Lina',
    });
  });
});
