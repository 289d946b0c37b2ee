import { installGlobalErrorHandler } from './global-handler.ts';

/** Imported for its effect by main.tsx, before the app renders. */
installGlobalErrorHandler();
