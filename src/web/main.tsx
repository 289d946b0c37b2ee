// The entry only names the stylesheet and starts the app: the boot code lives in the shared app
// chunk (vite.config.ts SHELL), where it compresses with the libraries instead of in a file of
// its own (decision 004).
import './styles.css';
import { boot } from './app/boot.tsx';

boot();
