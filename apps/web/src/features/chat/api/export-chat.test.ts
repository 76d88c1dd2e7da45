import { describe, expect, it } from 'vitest';
import { downloadName } from '@/features/chat/api/export-chat';

describe('downloadName', () => {
  it('prefers the UTF-8 filename* (a Hindi or Tamil title) over the ASCII fallback', () => {
    const header = `attachment; filename="chat.md"; filename*=UTF-8''${encodeURIComponent('नमस्ते-தமிழ்.md')}`;
    expect(downloadName(header)).toBe('नमस्ते-தமிழ்.md');
  });

  it('reads a plain quoted or token filename, and falls back to it when filename* is malformed', () => {
    expect(downloadName('attachment; filename="Export-me.md"')).toBe('Export-me.md');
    expect(downloadName('attachment; filename=Export-me.json')).toBe('Export-me.json');
    expect(downloadName(`attachment; filename="chat.md"; filename*=UTF-8''%E0%A4`)).toBe('chat.md');
    expect(downloadName('attachment')).toBeUndefined();
  });
});
