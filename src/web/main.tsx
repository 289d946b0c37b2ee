import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ErrorBoundary } from './app/error-boundary.tsx';
import { ErrorScreen } from './app/error-screen.tsx';
import { Providers } from './app/providers.tsx';
import { AppRouter } from './app/router.tsx';
import { startThemeSync } from './app/theme.ts';
import './errors/install.ts';
import './styles.css';

startThemeSync();

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

createRoot(container).render(
  <StrictMode>
    <ErrorBoundary fallback={<ErrorScreen app />}>
      <Providers>
        <AppRouter />
      </Providers>
    </ErrorBoundary>
  </StrictMode>,
);
