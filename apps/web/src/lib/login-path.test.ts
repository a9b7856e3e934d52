import { describe, expect, it } from 'vitest';
import { loginPath, readLoginParams } from './login-path.ts';

const read = (path: string) => readLoginParams(new URL(path, 'https://casa.example'));

describe('login path', () => {
  it('comes back to where the guard stopped, and says why', () => {
    expect(loginPath({ next: '/kiosk' })).toBe('/login?next=%2Fkiosk');
    expect(loginPath({ next: '/ebitdata', denied: 'admin' })).toBe('/login?next=%2Febitdata&denied=admin');
    expect(read(loginPath({ next: '/kiosk', denied: 'copilot' }))).toEqual({
      next: '/kiosk',
      denied: 'copilot',
    });
  });

  it('leaves out the default destination', () => {
    expect(loginPath({ next: '/copilot' })).toBe('/login');
    expect(loginPath()).toBe('/login');
  });

  it('never sends to another site or an unknown area', () => {
    expect(read('/login?next=//evil.example/x').next).toBeNull();
    expect(read('/login?next=/%5Cevil.example').next).toBeNull();
    expect(read('/login?next=https://evil.example').next).toBeNull();
    expect(read('/login?denied=root').denied).toBeNull();
  });
});
