import { describe, expect, it } from 'vitest';
import { fileNameOf } from './download-installer.ts';

describe('the installer file name', () => {
  it('comes from content-disposition', () => {
    expect(fileNameOf('attachment; filename="sobremesa-print-helper-0.1.0.tar.gz"')).toBe(
      'sobremesa-print-helper-0.1.0.tar.gz',
    );
    expect(fileNameOf("attachment; filename*=UTF-8''impresi%C3%B3n.tar.gz")).toBe('impresión.tar.gz');
    expect(fileNameOf(null)).toBe('sobremesa-print-helper.tar.gz');
  });
});
