// A minimal git object store for one repository: blobs hashed the way git hashes them, snapshot
// trees, commits with parents, and refs. Enough for contents, branches, refs, commits, diffs and
// merges to answer with consistent SHAs.
import { createHash } from 'node:crypto';

export interface Person {
  name: string;
  email: string;
  date: string;
  /** The code-host account, when the person is one (commit `author`/`committer` objects). */
  login?: string;
}

export interface Commit {
  sha: string;
  treeSha: string;
  /** path → blob sha; a full snapshot, so any two commits diff without walking history. */
  tree: Map<string, string>;
  parents: string[];
  message: string;
  author: Person;
  committer: Person;
}

export interface FileChange {
  filename: string;
  status: 'added' | 'modified' | 'removed';
  sha: string;
  additions: number;
  deletions: number;
  changes: number;
  patch: string;
}

const sha1 = (data: string | Buffer) => createHash('sha1').update(data).digest('hex');
const lines = (b: Buffer | undefined) => (b && b.length ? b.toString('utf8').split('\n').length : 0);

export class GitStore {
  blobs = new Map<string, Buffer>();
  commits = new Map<string, Commit>();
  /** 'refs/heads/main' → sha, 'refs/tags/v1' → sha */
  refs = new Map<string, string>();

  blob(content: Buffer): string {
    const sha = sha1(Buffer.concat([Buffer.from(`blob ${content.length}\0`), content]));
    this.blobs.set(sha, content);
    return sha;
  }

  commit(input: { parents: string[]; tree: Map<string, string>; message: string; author: Person; committer?: Person }): Commit {
    const entries = [...input.tree.entries()].sort(([a], [b]) => (a < b ? -1 : 1));
    const treeSha = sha1(`tree ${entries.map(([p, s]) => `${p}:${s}`).join('\n')}`);
    const committer = input.committer ?? input.author;
    const sha = sha1(`commit ${treeSha}\n${input.parents.join(' ')}\n${input.author.name} ${input.author.date}\n${committer.date}\n${input.message}\n${this.commits.size}`);
    const commit: Commit = { sha, treeSha, tree: new Map(entries), parents: input.parents, message: input.message, author: input.author, committer };
    this.commits.set(sha, commit);
    return commit;
  }

  /** A branch name, `heads/x`, `refs/heads/x`, a tag, or a full or abbreviated (≥7) commit sha. */
  resolve(ref: string): Commit | undefined {
    for (const candidate of [ref, `refs/${ref}`, `refs/heads/${ref}`, `refs/tags/${ref}`]) {
      const sha = this.refs.get(candidate);
      if (sha) return this.commits.get(sha);
    }
    if (/^[0-9a-f]{7,40}$/.test(ref)) {
      for (const [sha, c] of this.commits) if (sha.startsWith(ref)) return c;
    }
    return undefined;
  }

  /** Commits reachable from `head`, newest first (first-parent order is enough here). */
  log(head: Commit): Commit[] {
    const out: Commit[] = [];
    const seen = new Set<string>();
    const queue = [head];
    while (queue.length) {
      const c = queue.shift()!;
      if (seen.has(c.sha)) continue;
      seen.add(c.sha);
      out.push(c);
      for (const p of c.parents) {
        const parent = this.commits.get(p);
        if (parent) queue.push(parent);
      }
    }
    return out.sort((a, b) => (a.committer.date < b.committer.date ? 1 : a.committer.date > b.committer.date ? -1 : 0));
  }

  /** The nearest common ancestor, from which a pull request's changes are counted. */
  mergeBase(a: Commit, b: Commit): Commit | undefined {
    const ofA = new Set(this.log(a).map((c) => c.sha));
    return this.log(b).find((c) => ofA.has(c.sha));
  }

  /**
   * Three-way merge of `head` into `base`: the changes since their merge base, applied on top of
   * base. A path both sides changed differently is a conflict.
   */
  merge(base: Commit, head: Commit): { tree: Map<string, string>; conflicts: string[] } {
    const ancestor = this.mergeBase(base, head)?.tree ?? new Map<string, string>();
    const tree = new Map(base.tree);
    const conflicts: string[] = [];
    for (const path of new Set([...ancestor.keys(), ...head.tree.keys()])) {
      const was = ancestor.get(path);
      const theirs = head.tree.get(path);
      if (theirs === was) continue;
      const ours = base.tree.get(path);
      if (ours !== was && ours !== theirs) conflicts.push(path);
      else if (theirs === undefined) tree.delete(path);
      else tree.set(path, theirs);
    }
    return { tree, conflicts };
  }

  isAncestor(ancestor: Commit, of: Commit): boolean {
    return this.log(of).some((c) => c.sha === ancestor.sha);
  }

  diff(from: Commit | undefined, to: Commit): FileChange[] {
    const before = from?.tree ?? new Map<string, string>();
    const changes: FileChange[] = [];
    const paths = new Set([...before.keys(), ...to.tree.keys()]);
    for (const filename of [...paths].sort()) {
      const a = before.get(filename);
      const b = to.tree.get(filename);
      if (a === b) continue;
      const deletions = a ? lines(this.blobs.get(a)) : 0;
      const additions = b ? lines(this.blobs.get(b)) : 0;
      const status = !a ? 'added' : !b ? 'removed' : 'modified';
      const patch = `@@ -${a ? 1 : 0},${deletions} +${b ? 1 : 0},${additions} @@`;
      changes.push({ filename, status, sha: b ?? a!, additions, deletions, changes: additions + deletions, patch });
    }
    return changes;
  }
}
