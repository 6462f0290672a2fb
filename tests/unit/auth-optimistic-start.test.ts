import './offline-env';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_USER, TOKEN_COOKIE } from '../../src/config/constants';

// A returning learner's page renders at once: with the session cookie and the learner stored on
// the device the store starts signed in (the profile is re-read in the background); with a
// cookie and nobody stored it waits for the server; with no cookie it is signed out.

const stored = {
  id: 'u1',
  email: 'u1@example.com',
  name: 'U1',
  account_type: 'free',
  subscription_status: 'inactive',
  email_verified: true,
  free_usage_count: 1,
  free_quiz_limitation: 3,
};

async function freshStore() {
  vi.resetModules();
  const { useAuthStore } = await import('../../src/stores/auth-store');
  return useAuthStore.getState();
}

afterEach(() => {
  document.cookie = `${TOKEN_COOKIE}=; max-age=0; path=/`;
  localStorage.clear();
});

describe('auth store first state', () => {
  it('is signed in as the stored learner when the session cookie is there', async () => {
    document.cookie = `${TOKEN_COOKIE}=abc; path=/`;
    localStorage.setItem(STORAGE_USER, JSON.stringify(stored));
    const state = await freshStore();
    expect(state.status).toBe('signedIn');
    expect(state.user?.id).toBe('u1');
    expect(state.token).toBe('abc');
  });

  it('waits for the server when nobody is stored on the device', async () => {
    document.cookie = `${TOKEN_COOKIE}=abc; path=/`;
    const state = await freshStore();
    expect(state.status).toBe('unknown');
    expect(state.user).toBeNull();
  });

  it('is signed out without the cookie, whatever is stored', async () => {
    localStorage.setItem(STORAGE_USER, JSON.stringify(stored));
    const state = await freshStore();
    expect(state.status).toBe('signedOut');
    expect(state.user).toBeNull();
  });
});
