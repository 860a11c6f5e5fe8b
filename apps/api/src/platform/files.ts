import { open } from "node:fs/promises";
import { dirname } from "node:path";

/**
 * A new file written to disk before the request that made it is answered: the bytes and the
 * folder's entry for it are synced, so a power cut after the answer loses neither (the database
 * row naming it is synced at its commit too). Fails when the file exists.
 */
export async function writeNewFileDurably(path: string, bytes: Uint8Array): Promise<void> {
  const file = await open(path, "wx");
  try {
    await file.writeFile(bytes);
    await file.sync();
  } finally {
    await file.close();
  }
  const folder = await open(dirname(path), "r");
  try {
    await folder.sync();
  } finally {
    await folder.close();
  }
}
