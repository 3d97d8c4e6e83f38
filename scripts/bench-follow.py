#!/usr/bin/env python3
"""The load generator of scripts/bench-follow: live-feed followers against running seqr-servers.

Followers are spread over worker processes (one asyncio loop each, raw sockets, no HTTP library), so
that 1,000+ open streams cost the client little; the parent pushes fixes at a fixed rate on the first
instance and measures. Times are CLOCK_MONOTONIC (time.monotonic), which all processes share, so a
push's send time and each follower's receive time compare directly.

  bench-follow.py --ports 18090[,18091] --pids PID[,PID] [--followers N] [--shares S] [--rate R]
                  [--seconds T] [--poll-seconds T] [--label TEXT]

One row: SSE delivery latency p50/p99 (push request sent -> the fix's event read by each follower),
server RSS per open stream ((RSS with the streams open - RSS idle) / N), then the same followers
polling GET /v1/location/feed/{id}?after= every 5 s: requests/s, request latency, delivery latency.
Each follower connects from one of several loopback addresses (127.0.0.x, 16 followers each), so
the server's default cap of 20 live feeds per address never refuses one; a refusal fails the run.
"""
import argparse, asyncio, base64, json, math, multiprocessing as mp, os, random, re, socket, statistics, sys, time

HOST = "127.0.0.1"
PER_ADDRESS = 16
POLL_INTERVAL = 5.0
ID_LINE = re.compile(rb"(?:^|\n)id: (\d+)\n")


def source_address(index):
    n = 2 + index // PER_ADDRESS  # 127.0.0.2, .3, …: a /8 is all loopback on Linux
    return f"127.{n // 65536 % 256}.{n // 256 % 256}.{n % 256}"


def percentile(values, p):
    if not values:
        return float("nan")
    values = sorted(values)
    return values[min(len(values) - 1, max(0, math.ceil(p / 100 * len(values)) - 1))]


# MARK: Setup and pushes (parent)

class Client:
    """A tiny keep-alive HTTP/1.1 client on asyncio streams (JSON in, JSON out)."""

    def __init__(self, port):
        self.port = port
        self.reader = self.writer = None

    async def call(self, method, path, body=None, token=None):
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection(HOST, self.port)
        data = json.dumps(body).encode() if body is not None else b""
        head = f"{method} {path} HTTP/1.1\r\nHost: {HOST}\r\nContent-Type: application/json\r\nContent-Length: {len(data)}\r\n"
        if token:
            head += f"Authorization: Bearer {token}\r\n"
        self.writer.write(head.encode() + b"\r\n" + data)
        status, payload = await read_response(self.reader)
        if status not in (200, 201, 204):
            raise SystemExit(f"bench-follow: {method} {path} answered {status}: {payload[:200]!r}")
        return json.loads(payload) if payload else None


async def read_response(reader):
    status_line = await reader.readline()
    status = int(status_line.split()[1])
    length, chunked = 0, False
    while True:
        line = await reader.readline()
        if line in (b"\r\n", b"\n", b""):
            break
        name, _, value = line.decode().partition(":")
        if name.lower() == "content-length":
            length = int(value)
        if name.lower() == "transfer-encoding" and "chunked" in value.lower():
            chunked = True
    if not chunked:
        return status, await reader.readexactly(length)
    body = b""
    while True:
        size = int((await reader.readline()).strip(), 16)
        chunk = await reader.readexactly(size + 2)
        if size == 0:
            return status, body
        body += chunk[:-2]


def sealed_fix():
    """Shaped like a seqr-location-v1 fix (version byte, nonce, ciphertext, tag): the server checks only the shape."""
    return base64.b64encode(b"\x01" + os.urandom(12 + 40 + 16)).decode()


async def setup(port, shares):
    client = Client(port)
    name = f"follow-{os.getpid()}-{random.randrange(1 << 30)}"
    kdf = {"algorithm": "pbkdf2-sha256", "iterations": 600000, "salt": base64.b64encode(os.urandom(16)).decode()}
    token = (await client.call("POST", "/v1/accounts", {"username": name, "authKey": base64.b64encode(os.urandom(32)).decode(), "kdf": kdf}))["token"]
    ids = [(await client.call("POST", "/v1/location/shares", {"format": "seqr-location-v1"}, token))["id"] for _ in range(shares)]
    client.writer.close()
    return token, ids


def rss_kib(pids):
    total = 0
    for pid in pids:
        for line in open(f"/proc/{pid}/status"):
            if line.startswith("VmRSS:"):
                total += int(line.split()[1])
    return total


def cpu_seconds(pids):
    ticks = 0
    for pid in pids:
        fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
        ticks += int(fields[11]) + int(fields[12])  # utime, stime
    return ticks / os.sysconf("SC_CLK_TCK")


async def push_for(port, token, ids, rate, seconds):
    """Pushes one fix at a time, round robin over the shares, at `rate` per second; returns {(share, seq): send time}."""
    client = Client(port)
    sent, counts = {}, [0] * len(ids)
    start = time.monotonic()
    for n in range(int(rate * seconds)):
        due = start + n / rate
        await asyncio.sleep(max(0, due - time.monotonic()))
        share = n % len(ids)
        counts[share] += 1
        sent[(share, counts[share])] = time.monotonic()
        await client.call("POST", f"/v1/location/shares/{ids[share]}/fixes", {"fixes": [sealed_fix()]}, token)
    client.writer.close()
    return sent, counts


# MARK: Followers (workers)

class StreamFollower(asyncio.Protocol):
    """One live feed, read straight off the socket: the time each `id: <seq>` arrives."""

    def __init__(self, record):
        self.record, self.buffer, self.status = record, b"", None
        self.closed = asyncio.get_running_loop().create_future()

    def data_received(self, data):
        now = time.monotonic()
        self.buffer += data
        if self.status is None:
            end = self.buffer.find(b"\r\n\r\n")
            if end < 0:
                return
            self.status = int(self.buffer.split(b" ", 2)[1])
            self.buffer = self.buffer[end + 4:]
        cut = self.buffer.rfind(b"\n\n")
        if cut < 0:
            return
        for match in ID_LINE.finditer(self.buffer, 0, cut + 1):
            self.record(int(match.group(1)), now)
        self.buffer = self.buffer[cut + 2:]

    def connection_lost(self, exc):
        if not self.closed.done():
            self.closed.set_result(exc)


async def follow_streams(followers, ports, ids, connected, stop):
    loop = asyncio.get_running_loop()
    received = {}  # follower index -> [(seq, time)]
    refused = 0
    transports = []
    for index in followers:
        share = index % len(ids)
        log = received.setdefault(index, [])
        transport, protocol = await loop.create_connection(
            lambda: StreamFollower(lambda seq, t, log=log: log.append((seq, t))), HOST, ports[index % len(ports)],
            local_addr=(source_address(index), 0))
        transport.write(f"GET /v1/location/feed/{ids[share]}/events HTTP/1.1\r\nHost: {HOST}\r\n\r\n".encode())
        transports.append((transport, protocol))
    # Every stream answered (its header event read) before the pushes start.
    while any(p.status is None for _, p in transports):
        await asyncio.sleep(0.05)
    refused = sum(1 for _, p in transports if p.status != 200)
    connected.put(refused)
    while not stop.is_set():
        await asyncio.sleep(0.1)
    for transport, _ in transports:
        transport.close()
    return received


async def poll(index, port, share_id, seconds, start, log, latencies):
    """One follower polling every POLL_INTERVAL over a keep-alive connection, from its own loopback address."""
    await asyncio.sleep(random.uniform(0, POLL_INTERVAL))
    reader, writer = await asyncio.open_connection(HOST, port, local_addr=(source_address(index), 0))
    after = 0
    while time.monotonic() - start < seconds:
        began = time.monotonic()
        writer.write(f"GET /v1/location/feed/{share_id}?after={after} HTTP/1.1\r\nHost: {HOST}\r\n\r\n".encode())
        status, body = await read_response(reader)
        now = time.monotonic()
        latencies.append(now - began)
        if status == 200:
            for fix in json.loads(body)["fixes"]:
                log.append((fix["seq"], now))
                after = max(after, fix["seq"])
        await asyncio.sleep(max(0, began + POLL_INTERVAL - time.monotonic()))
    writer.close()


async def follow_polls(followers, ports, ids, seconds, connected):
    received, latencies = {}, []
    start = time.monotonic()
    connected.put(0)
    await asyncio.gather(*(poll(i, ports[i % len(ports)], ids[i % len(ids)], seconds, start, received.setdefault(i, []), latencies)
                           for i in followers))
    return received, latencies


def worker(mode, followers, ports, ids, seconds, connected, stop, results):
    if mode == "stream":
        received = asyncio.run(follow_streams(followers, ports, ids, connected, stop))
        results.put((received, []))
    else:
        results.put(asyncio.run(follow_polls(followers, ports, ids, seconds, connected)))


def run_workers(mode, args, ports, ids, during):
    """Starts the followers in worker processes, runs `during` once they are connected, and gathers what they received."""
    count = max(1, min(4, math.ceil(args.followers / 300)))
    connected, results, stop = mp.Queue(), mp.Queue(), mp.Event()
    slices = [list(range(w, args.followers, count)) for w in range(count)]
    seconds = args.poll_seconds
    processes = [mp.Process(target=worker, args=(mode, s, ports, ids, seconds, connected, stop, results)) for s in slices]
    for p in processes:
        p.start()
    refused = sum(connected.get(timeout=300) for _ in processes)
    if refused:
        stop.set()
        raise SystemExit(f"bench-follow: {refused} of {args.followers} streams were refused (caps?)")
    outcome = during()
    stop.set()
    received, latencies = {}, []
    for _ in processes:
        r, l = results.get(timeout=300)
        received.update(r)
        latencies.extend(l)
    for p in processes:
        p.join()
    return outcome, received, latencies


def deliveries(received, sent, counts, ids):
    """Delivery latencies, and followers whose sequence was not exactly 1…pushed (a gap, a duplicate, out of order)."""
    latencies, wrong = [], 0
    for index, log in received.items():
        share = index % len(ids)
        seqs = [seq for seq, _ in log]
        if seqs != list(range(1, counts[share] + 1)):
            wrong += 1
        latencies.extend(t - sent[(share, seq)] for seq, t in log if (share, seq) in sent)
    return latencies, wrong


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--ports", required=True)
    parser.add_argument("--pids", required=True)
    parser.add_argument("--followers", type=int, default=1000)
    parser.add_argument("--shares", type=int, default=1)
    parser.add_argument("--rate", type=float, default=2.0, help="fixes pushed per second, all shares together")
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--poll-seconds", type=float, default=30)
    parser.add_argument("--label", default="")
    args = parser.parse_args()
    ports = [int(p) for p in args.ports.split(",")]
    pids = [int(p) for p in args.pids.split(",")]

    token, ids = asyncio.run(setup(ports[0], args.shares))
    time.sleep(2)
    idle = rss_kib(pids)

    # Live feeds.
    state = {}
    def pushing():
        time.sleep(2)  # let the streams settle
        state["open"] = rss_kib(pids)
        cpu = cpu_seconds(pids)
        state["sent"], state["counts"] = asyncio.run(push_for(ports[0], token, ids, args.rate, args.seconds))
        time.sleep(2)  # the last deliveries
        state["cpu"] = (cpu_seconds(pids) - cpu) / (args.seconds + 2)
        state["peak"] = rss_kib(pids)
    _, received, _ = run_workers("stream", args, ports, ids, pushing)
    latencies, wrong = deliveries(received, state["sent"], state["counts"], ids)
    expected = sum(state["counts"][i % len(ids)] for i in range(args.followers))
    per_stream = (state["open"] - idle) * 1024 / args.followers

    # The same followers polling (fresh shares, so that sequence numbers start at 1 again).
    token, ids = asyncio.run(setup(ports[0], args.shares))
    time.sleep(2)
    poll_state = {}
    def pushing_while_polling():
        cpu = cpu_seconds(pids)
        poll_state["sent"], poll_state["counts"] = asyncio.run(push_for(ports[0], token, ids, args.rate, args.poll_seconds))
        poll_state["cpu"] = (cpu_seconds(pids) - cpu) / args.poll_seconds
    _, polled, request_latencies = run_workers("poll", args, ports, ids, pushing_while_polling)
    poll_delivery, _ = deliveries(polled, poll_state["sent"], poll_state["counts"], ids)

    ms = lambda v: f"{v * 1000:.0f}" if v >= 0.0095 else f"{v * 1000:.1f}"
    print(f"{args.label}: {args.followers} followers of {args.shares} share(s), {len(ports)} instance(s), {args.rate:g} fixes/s for {args.seconds:g} s")
    print(f"  stream: delivered {len(latencies)} of {expected}; followers with a gap/duplicate/disorder: {wrong}; "
          f"latency p50 {ms(percentile(latencies, 50))} ms, p99 {ms(percentile(latencies, 99))} ms, max {ms(max(latencies, default=0))} ms; "
          f"server CPU {state['cpu'] * 100:.0f} %")
    print(f"  memory: RSS idle {idle / 1024:.1f} MiB, {args.followers} streams open {state['open'] / 1024:.1f} MiB "
          f"(after the pushes {state['peak'] / 1024:.1f} MiB): {per_stream / 1024:.1f} KiB per stream")
    print(f"  polling every {POLL_INTERVAL:g} s for {args.poll_seconds:g} s: {len(request_latencies) / args.poll_seconds:.0f} requests/s, "
          f"request latency p50 {ms(percentile(request_latencies, 50))} ms, p99 {ms(percentile(request_latencies, 99))} ms; "
          f"delivery p50 {ms(percentile(poll_delivery, 50))} ms, p99 {ms(percentile(poll_delivery, 99))} ms; server CPU {poll_state['cpu'] * 100:.0f} %")
    print(f"ROW | {args.followers} | {args.shares} | {len(ports)} | {args.label} | {ms(percentile(latencies, 50))} | {ms(percentile(latencies, 99))} | "
          f"{per_stream / 1024:.1f} KiB | {state['cpu'] * 100:.0f} % | {len(request_latencies) / args.poll_seconds:.0f} | "
          f"{ms(percentile(request_latencies, 99))} | {poll_state['cpu'] * 100:.0f} % | {wrong}")
    if wrong or len(latencies) != expected:
        sys.exit(1)


if __name__ == "__main__":
    main()
