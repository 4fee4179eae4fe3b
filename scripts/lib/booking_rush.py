"""The booking rush: one event with PLACES places and USERS distinct people booking it at
once through POST /api/bookings. Prepares the people, their sessions and the event straight
in the database (sqlite3, or psql for PostgreSQL), signs their tokens with the server's
JWT_SECRET, fires every request concurrently, then prints throughput and latency and checks
that exactly PLACES bookings were confirmed.

usage: booking_rush.py BASE_URL DATABASE_URL JWT_SECRET PLACES USERS
"""
import asyncio
import base64
import hashlib
import hmac
import json
import subprocess
import sys
import time
import uuid
from datetime import datetime, timedelta, timezone

base_url, database_url, secret, places, users = sys.argv[1:6]
places, users = int(places), int(users)
host, port = base_url.split("//", 1)[1].split(":")
port = int(port)

now = datetime.now(timezone.utc).replace(tzinfo=None)
stamp = lambda t: t.strftime("%Y-%m-%d %H:%M:%S.%f")
event_id = str(uuid.uuid4())
people = [(str(uuid.uuid4()), str(uuid.uuid4())) for _ in range(users)]  # (user, session)

rows = {
    "events": [(event_id, "Booking rush", "Bench event", "Football", "Bench Park, Hackney", "Hackney",
                stamp(now + timedelta(days=3)), 60, places, 0, 0, True, stamp(now), stamp(now))],
    "users": [(u, f"rush-{u}@bench.invalid", "!", "Rush", "Bench", stamp(now), stamp(now)) for u, _ in people],
    "sessions": [(s, u, stamp(now), stamp(now), stamp(now + timedelta(days=1)), stamp(now), stamp(now)) for u, s in people],
}
columns = {
    "events": "id, title, description, category, location, area, starts_at, duration_minutes, max_participants, "
              "current_participants, price_pence, is_active, created_at, updated_at",
    "users": "id, email, password_hash, first_name, last_name, created_at, updated_at",
    "sessions": "id, user_id, first_seen_at, last_seen_at, expires_at, created_at, updated_at",
}

if database_url.startswith("sqlite://"):
    import sqlite3
    db = sqlite3.connect(database_url[len("sqlite://"):])
    for table, data in rows.items():
        marks = ", ".join("?" * len(data[0]))
        db.executemany(f"INSERT INTO {table} ({columns[table]}) VALUES ({marks})", data)
    db.commit()
    db.close()
else:
    def literal(v):
        if isinstance(v, bool):
            return "TRUE" if v else "FALSE"
        if isinstance(v, int):
            return str(v)
        return "'" + str(v).replace("'", "''") + "'"
    sql = "BEGIN;\n" + "".join(
        f"INSERT INTO {table} ({columns[table]}) VALUES " + ",".join("(" + ",".join(literal(v) for v in r) + ")" for r in data) + ";\n"
        for table, data in rows.items()) + "COMMIT;\n"
    subprocess.run(["psql", "-q", "-v", "ON_ERROR_STOP=1", database_url], input=sql.encode(), check=True)


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def token(session: str) -> str:
    header = b64(json.dumps({"alg": "HS256", "typ": "JWT"}).encode())
    claims = b64(json.dumps({"sid": session, "aud": "playspace", "iat": int(time.time()),
                             "exp": int(time.time()) + 86400}).encode())
    signature = hmac.new(secret.encode(), f"{header}.{claims}".encode(), hashlib.sha256).digest()
    return f"{header}.{claims}.{b64(signature)}"


async def book(user: str, session: str):
    body = json.dumps({"userId": user, "eventId": event_id}).encode()
    request = (f"POST /api/bookings HTTP/1.1\r\nHost: {host}:{port}\r\nContent-Type: application/json\r\n"
               f"Authorization: Bearer {token(session)}\r\nContent-Length: {len(body)}\r\nConnection: close\r\n\r\n").encode() + body
    started = time.perf_counter()
    reader, writer = await asyncio.open_connection(host, port)
    writer.write(request)
    await writer.drain()
    response = await reader.read()
    writer.close()
    status = int(response.split(b" ", 2)[1])
    finished = time.perf_counter()
    return status, finished - started, finished


async def main():
    started = time.perf_counter()
    results = await asyncio.gather(*(book(u, s) for u, s in people))
    elapsed = time.perf_counter() - started
    statuses = [s for s, _, _ in results]
    latencies = sorted(l for _, l, _ in results)
    # The rush is over when the last place is taken: rate = places / time to the last 201.
    last_confirmed = max((f for s, _, f in results if s == 201), default=started) - started
    confirmed = statuses.count(201)
    full = statuses.count(409)
    p50 = latencies[len(latencies) // 2] * 1000
    p99 = latencies[int(len(latencies) * 0.99) - 1] * 1000
    other = len(statuses) - confirmed - full
    print(f"{users} attempts for {places} places: {confirmed} confirmed, {full} refused as full, {other} other; "
          f"all answered in {elapsed:.2f} s ({len(statuses) / elapsed:,.0f} requests/s); "
          f"last place taken after {last_confirmed:.2f} s ({confirmed / last_confirmed:,.0f} confirmed bookings/s); "
          f"latency p50 {p50:.0f} ms, p99 {p99:.0f} ms")
    if confirmed != places or other:
        sys.exit(f"expected exactly {places} confirmed and the rest refused as full")


asyncio.run(main())
