#!/usr/bin/env node
// Hangar is written in TypeScript and run through tsx's loader, so there is no build step to forget.
import { register } from 'tsx/esm/api';

register();
await import('../src/cli/main.ts');
