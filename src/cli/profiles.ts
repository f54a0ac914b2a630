// `hangar login` profiles: key, project and base address by name, in one file of mode 0600 under
// the user's config directory ($XDG_CONFIG_HOME/hangar/profiles.json, else ~/.config/hangar/).
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface Profile {
  api_key: string;
  project?: string;
  base_url?: string;
}

export function profilesFile(): string {
  return path.join(process.env.XDG_CONFIG_HOME || path.join(os.homedir(), '.config'), 'hangar', 'profiles.json');
}

export function readProfiles(): Record<string, Profile> {
  const file = profilesFile();
  if (!existsSync(file)) return {};
  try {
    return (JSON.parse(readFileSync(file, 'utf8')) as { profiles?: Record<string, Profile> }).profiles ?? {};
  } catch (err) {
    throw new Error(`${file} is not a profiles file (${(err as Error).message}); remove it and run hangar login again`);
  }
}

export function saveProfile(name: string, profile: Profile): string {
  const file = profilesFile();
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const profiles = { ...readProfiles(), [name]: profile };
  // Written aside with mode 0600 from its creation, then renamed: the key is never readable by others.
  const scratch = `${file}.${process.pid}.tmp`;
  writeFileSync(scratch, `${JSON.stringify({ profiles }, null, 2)}\n`, { mode: 0o600 });
  chmodSync(scratch, 0o600);
  renameSync(scratch, file);
  return file;
}
