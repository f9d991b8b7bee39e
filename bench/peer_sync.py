"""The peer of figure 4: what a Python programmer would write to cache the catalogue.

peer_sync.py BASE_URL STORE: downloads listing.json and categories.json, json.load's them and
writes every ad into Errand's tables of STORE in one transaction, with Errand's durability
settings (WAL, synchronous=FULL). It checks nothing beyond what json.load does; dates go
through datetime.fromisoformat (20x faster than strptime), so the peer is not a straw man.
"""

import datetime
import json
import sqlite3
import sys
import time
import urllib.request


def main():
    base, store = sys.argv[1], sys.argv[2]
    with urllib.request.urlopen(base + "listing.json") as response:
        listing = json.load(response)
    with urllib.request.urlopen(base + "categories.json") as response:
        categories = json.load(response)
    db = sqlite3.connect(store, isolation_level=None)
    db.execute("PRAGMA journal_mode = WAL")
    db.execute("PRAGMA synchronous = FULL")
    db.execute("BEGIN IMMEDIATE")
    db.execute("DELETE FROM ad")
    db.execute("DELETE FROM ad_category")
    db.execute("DELETE FROM catalogue_info")
    db.executemany("INSERT INTO ad_category (id, name) VALUES (?, ?)", ((c["id"], c["name"]) for c in categories))
    db.executemany(
        "INSERT INTO ad (id, category_id, title, description, price, small_image, thumb_image, created, urgent, siret) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        ((a["id"], a["category_id"], a["title"], a["description"], a["price"], a["images_url"].get("small"),
          a["images_url"].get("thumb"), int(datetime.datetime.fromisoformat(a["creation_date"]).timestamp()),
          a["is_urgent"], a.get("siret")) for a in listing))
    db.executemany("INSERT INTO catalogue_info (key, value) VALUES (?, ?)",
                   (("source", base), ("fetched", str(int(time.time())))))
    db.execute("COMMIT")
    db.close()
    print("cached %d ads" % len(listing))


if __name__ == "__main__":
    main()
