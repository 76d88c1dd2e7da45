import { describe, expect, it } from 'vitest';
import { loadScriptFont, scriptFontFamily } from '@/lib/i18n/script-fonts';
import { shellSourceFiles } from '../../../i18n-shell';

describe('the script fonts', () => {
  it('each Indian language has its script face (styles/fonts.css), English none', () => {
    expect(scriptFontFamily('hi')).toBe('Noto Sans Devanagari Variable');
    expect(scriptFontFamily('mr')).toBe('Noto Sans Devanagari Variable');
    expect(scriptFontFamily('ta')).toBe('Noto Sans Tamil Variable');
    expect(scriptFontFamily('or')).toBe('Noto Sans Oriya Variable');
    expect(scriptFontFamily('pa')).toBe('Noto Sans Gurmukhi Variable');
    expect(scriptFontFamily('en')).toBeNull();
  });

  it('loading never holds up a browser without the font loading API', async () => {
    await expect(loadScriptFont('hi')).resolves.toBeUndefined();
  });
});

describe('the English shell', () => {
  const chunk = (fileName: string, moduleIds: string[], imports: string[], extra = {}) => ({
    type: 'chunk' as const,
    fileName,
    moduleIds,
    imports,
    isEntry: false,
    facadeModuleId: null,
    ...extra,
  });

  it('holds the files of the entry, the landing screen and their static imports, not the other screens', () => {
    const bundle = {
      'index.js': chunk('index.js', ['/web/src/main.tsx', '/web/src/components/layout/navbar.tsx'], ['shared.js'], { isEntry: true }),
      'shared.js': chunk('shared.js', ['/web/src/config/brand.ts'], []),
      'landing.js': chunk('landing.js', ['/web/src/app/routes/public/landing.tsx'], ['hero.js'], {
        facadeModuleId: '/web/src/app/routes/public/landing.tsx',
      }),
      'hero.js': chunk('hero.js', ['/web/src/features/marketing/components/hero.tsx'], []),
      'login.js': chunk('login.js', ['/web/src/app/routes/auth/login.tsx'], ['shared.js'], {
        facadeModuleId: '/web/src/app/routes/auth/login.tsx',
      }),
    };
    const files = shellSourceFiles(bundle as never, '/web', ['src/app/routes/public/landing.tsx']);
    expect([...files].sort()).toEqual([
      'src/app/routes/public/landing.tsx',
      'src/components/layout/navbar.tsx',
      'src/config/brand.ts',
      'src/features/marketing/components/hero.tsx',
      'src/main.tsx',
    ]);
  });
});
