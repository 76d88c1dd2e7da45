import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProvider } from '@/app/provider';
import { AppRouter } from '@/app/router';
import '@/styles/index.css';
import { startI18n } from '@/lib/i18n/locale';
import { applyTheme } from '@/lib/theme';

applyTheme();

const root = document.getElementById('root');
if (!root) throw new Error('#root element missing from index.html');
// English renders at once; a kept or detected other language first fetches its catalog (English if that fails).
startI18n().finally(() =>
  createRoot(root).render(
    <StrictMode>
      <AppProvider>
        <AppRouter />
      </AppProvider>
    </StrictMode>,
  ),
);
