// Upload links are single-use (decision 012): the local driver claims a link's token before it reads the
// body, and a token claimed once is refused until it expires — also after its file was refused or deleted,
// when the key alone would let the link write again. Kept in the database (every API instance shares
// it), or in memory for a store without one (unit tests). Only the token's SHA-256 is kept.
import { createHash } from 'node:crypto';
import { lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { usedFileTokens } from '../../db/schema';

export interface UsedTokens {
  /** True the first time `token` is claimed before `expiresAt`; false once it was. */
  claim(token: string, expiresAt: Date, now: Date): Promise<boolean>;
}

const hashOf = (token: string) => createHash('sha256').update(token).digest('base64url');

export function databaseUsedTokens(db: Db): UsedTokens {
  return {
    async claim(token, expiresAt, now) {
      // Expired tokens are refused by their signature already: their rows can go.
      await db.delete(usedFileTokens).where(lt(usedFileTokens.expiresAt, now));
      const inserted = await db
        .insert(usedFileTokens)
        .values({ tokenHash: hashOf(token), expiresAt })
        .onConflictDoNothing()
        .returning({ tokenHash: usedFileTokens.tokenHash });
      return inserted.length === 1;
    },
  };
}

export function memoryUsedTokens(): UsedTokens {
  const used = new Map<string, number>();
  return {
    async claim(token, expiresAt, now) {
      for (const [hash, expiry] of used) if (expiry < now.getTime()) used.delete(hash);
      const hash = hashOf(token);
      if (used.has(hash)) return false;
      used.set(hash, expiresAt.getTime());
      return true;
    },
  };
}
