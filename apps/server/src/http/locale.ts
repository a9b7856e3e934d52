import { isLocale, negotiateLocale, type Locale } from '@sobremesa/domain';
import type { FastifyRequest } from 'fastify';

export function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

/**
 * The caller's language: the `selectedLocale` cookie the web app keeps (spec §3), then an explicit
 * `X-Locale` header (apps that cannot set cookies), then Accept-Language, then Spanish.
 */
export function requestLocale(request: FastifyRequest): Locale {
  const fromCookie = cookieValue(request.headers.cookie, 'selectedLocale');
  if (isLocale(fromCookie)) return fromCookie;
  const fromHeader = request.headers['x-locale'];
  if (isLocale(fromHeader)) return fromHeader;
  return negotiateLocale(request.headers['accept-language']);
}
