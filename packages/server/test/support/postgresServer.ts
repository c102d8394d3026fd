import { execFile, spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { freePort } from "./redisServer";

const run = promisify(execFile);

/**
 * Where Debian's Postgres programs (`initdb`, `pg_ctl`) are, or undefined when they are not
 * installed (`POSTGRES_BIN_DIR` overrides). The newest installed version wins.
 */
export function postgresBinDir(): string | undefined {
  const explicit = process.env.POSTGRES_BIN_DIR;
  if (explicit) return explicit;
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((version) => existsSync(join(root, version, "bin", "initdb")))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] && join(root, versions[0], "bin");
}

/** The uid and gid of the `postgres` user, which Postgres runs as when this process is root. */
function postgresUser(): { uid: number; gid: number } | undefined {
  const uid = spawnSync("id", ["-u", "postgres"], { encoding: "utf8" });
  const gid = spawnSync("id", ["-g", "postgres"], { encoding: "utf8" });
  if (uid.status !== 0 || gid.status !== 0) return undefined;
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

const isRoot = () => process.getuid?.() === 0;

/**
 * True when a server can be started: the programs are installed and, for root (which
 * Postgres refuses to run as), there is a `postgres` user to run them as.
 */
export function canStartPostgres(): boolean {
  return postgresBinDir() !== undefined && (!isRoot() || postgresUser() !== undefined);
}

/** A real Postgres server of the test's own, on a free loopback port, with a throwaway cluster. */
export type PostgresServer = {
  /** `postgres://postgres@127.0.0.1:PORT/postgres` (trust authentication). */
  url: string;
  port: number;
  /** Stops it (fast: open connections are cut) and waits until it is down. */
  stop(): Promise<void>;
  /** Starts it again on the same port and data (after `stop`). */
  restart(): Promise<void>;
  /** Stops it and deletes its data. */
  remove(): Promise<void>;
};

/** Starts a Postgres server (throws when it cannot: check {@link canStartPostgres}). */
export async function startPostgresServer(): Promise<PostgresServer> {
  const bin = postgresBinDir();
  if (!bin) throw new Error("Postgres is not installed (apt-get install postgresql).");
  const user = isRoot() ? postgresUser() : undefined;
  if (isRoot() && !user) throw new Error("There is no `postgres` user to run Postgres as.");

  const dir = mkdtempSync(join(tmpdir(), "crayon-pg-"));
  const data = join(dir, "data");
  if (user) chownSync(dir, user.uid, user.gid);
  const port = await freePort();
  // As root, every program runs as `postgres`, which owns the directory.
  const program = (name: string, args: string[]) =>
    user
      ? run("runuser", ["-u", "postgres", "--", join(bin, name), ...args])
      : run(join(bin, name), args);

  await program("initdb", [
    "-D",
    data,
    "-U",
    "postgres",
    "-A",
    "trust",
    "-E",
    "UTF8",
    "--locale=C",
    "--no-sync",
  ]);
  // Durability is not what is tested: writes skip the disk flushes.
  const settings = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`;
  const start = () =>
    program("pg_ctl", [
      "-D",
      data,
      "-l",
      join(dir, "log"),
      "-o",
      settings,
      "-w",
      "-t",
      "60",
      "start",
    ]);
  let running = false;
  const stop = async () => {
    if (!running) return;
    running = false;
    await program("pg_ctl", ["-D", data, "-m", "fast", "-w", "stop"]);
  };
  // A test run that ends without `remove` (a crash, Ctrl-C) leaves no server behind.
  const stopAtExit = () => {
    if (!running) return;
    const args = [join(bin, "pg_ctl"), "-D", data, "-m", "immediate", "stop"];
    if (user) spawnSync("runuser", ["-u", "postgres", "--", ...args]);
    else spawnSync(args[0]!, args.slice(1));
  };
  process.once("exit", stopAtExit);

  await start();
  running = true;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    stop,
    async restart() {
      await start();
      running = true;
    },
    async remove() {
      await stop();
      process.removeListener("exit", stopAtExit);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
