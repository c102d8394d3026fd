import { describe, expect, it } from "vitest";
import { defaultHost, defaultPort, parseCliOptions } from "./cliOptions";

describe("parseCliOptions", () => {
  it("defaults to port 8787 on the loopback address, with the app's own defaults", () => {
    expect(parseCliOptions([], {})).toEqual({ port: defaultPort, hostname: defaultHost, app: {} });
    expect(defaultPort).toBe(8787);
    expect(defaultHost).toBe("127.0.0.1");
    expect(parseCliOptions([], { HOST: "" })?.hostname).toBe(defaultHost);
  });

  it("reads --port and --host in both spellings, --host before HOST", () => {
    expect(parseCliOptions(["--port", "9000"], {})?.port).toBe(9000);
    expect(parseCliOptions(["--port=9001"], {})?.port).toBe(9001);
    expect(parseCliOptions(["--host", "0.0.0.0"], {})?.hostname).toBe("0.0.0.0");
    expect(parseCliOptions(["--host=::"], {})?.hostname).toBe("::");
    expect(parseCliOptions([], { HOST: "192.168.1.2" })?.hostname).toBe("192.168.1.2");
    expect(parseCliOptions(["--host", "::1"], { HOST: "0.0.0.0" })?.hostname).toBe("::1");
  });

  it("passes the CORS origins and the body limit on to the app", () => {
    const args = ["--cors-origin", "https://a.example", "--cors-origin=https://b.example"];
    expect(parseCliOptions([...args, "--max-body-bytes", "2048"], {})?.app).toEqual({
      corsOrigins: ["https://a.example", "https://b.example"],
      maxBodyBytes: 2048,
    });
  });

  it("says where threads and replies are kept: a database URL or a data directory, and Redis", () => {
    const redis = ["--redis-url", "redis://127.0.0.1:6379"];
    expect(
      parseCliOptions(["--database-url", "postgres://app@127.0.0.1:5432/chat", ...redis], {})?.app,
    ).toEqual({
      databaseUrl: "postgres://app@127.0.0.1:5432/chat",
      redisUrl: "redis://127.0.0.1:6379",
    });
    // A directory named on the command line wins over a `DATABASE_URL` in the environment.
    expect(parseCliOptions(["--data-dir=./threads"], {})?.app).toEqual({
      dataDir: "./threads",
      databaseUrl: "",
    });
  });

  it("refuses unknown flags and values that are not valid", () => {
    for (const args of [
      ["--port"],
      ["--port", "abc"],
      ["--port=0"],
      ["--port", "70000"],
      ["--host"],
      ["--host="],
      ["--host", "--port", "9000"],
      ["--max-body-bytes", "-1"],
      ["--max-body-bytes", "lots"],
      ["--cors", "*"],
      ["--database-url", "mysql://h/db"],
      ["--database-url", "postgres://h/db", "--data-dir", "dir"],
      ["--data-dir="],
      ["--redis-url", "127.0.0.1:6379"],
    ]) {
      expect(parseCliOptions(args, {}), args.join(" ")).toBeUndefined();
    }
  });
});
