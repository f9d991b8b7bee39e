"""Deterministic data sets: the same seed gives the same bytes, run after run.

To-do items are due over 60 days from the pinned today (2026-11-29); the same items are
written as an Errand script, as taskwarrior's import format and as SQL for sqlite3, so every
tool holds the same data. Catalogues are shaped like the Leboncoin API (listing.json,
categories.json) with words made up here.
"""

import datetime
import json
import random
import uuid

TODAY = datetime.date(2026, 11, 29)
EPOCH = datetime.date(1970, 1, 1)
DAYS = 60
CREATED = 1_795_910_400  # 2026-11-29T00:00:00Z

VERBS = ["Call", "Buy", "Fix", "Write", "Book", "Send", "Pay", "Read", "Clean", "Plan", "Order", "Check",
         "Return", "Pick up", "Renew", "Email", "Print", "Sort", "Wash", "Visit"]
NOUNS = ["plumber", "bread", "bike", "report", "train tickets", "invoice", "rent", "chapter 3", "garage",
         "holiday", "printer ink", "tyres", "library books", "parcel", "passport", "Marie", "photos",
         "papers", "car", "grandma"]
PLACES = [("Boulangerie Martin", (48.8566, 2.3522)), ("Gare de Lyon", (48.8443, 2.3744)), ("Office", None),
          ("Home", None), ("Mairie du 11e", (48.8590, 2.3799)), ("Garage Central", None)]
NOTE_WORDS = ["remember", "the", "blue", "folder", "before", "noon", "ask", "about", "price", "and",
              "delivery", "bring", "receipt", "call", "back", "if", "closed", "second", "floor"]


def day_number(day):
    return (day - EPOCH).days


class Item:
    __slots__ = ("id", "title", "due", "time", "notes", "place", "coords", "tags", "priority")


# Tags and priorities (issue 21): three items in ten hold one of ten tags (each tag about 3%),
# a fifth have a priority. Drawn from their own generator, so every other field is the same
# with them or without (a binary older than the fields gets the same items, untagged).
TAGS = ["home", "work", "money", "health", "car", "family", "garden", "school", "admin", "travel"]


def items(count, seed=1, fields=False):
    rng = random.Random(seed)
    extra = random.Random(seed + 100)
    for i in range(count):
        item = Item()
        item.id = str(uuid.UUID(int=rng.getrandbits(128), version=4)).upper()
        item.title = "%s %s #%d" % (rng.choice(VERBS), rng.choice(NOUNS), i + 1)
        item.due = TODAY + datetime.timedelta(days=rng.randrange(DAYS))
        item.time = "%02d:%02d" % (rng.randrange(7, 21), rng.choice([0, 15, 30, 45])) if rng.random() < 0.3 else None
        item.notes = " ".join(rng.choice(NOTE_WORDS) for _ in range(rng.randrange(4, 14))) if rng.random() < 0.1 else None
        if rng.random() < 0.1:
            item.place, item.coords = rng.choice(PLACES)
        else:
            item.place, item.coords = None, None
        item.tags = [extra.choice(TAGS)] if extra.random() < 0.3 else []
        item.priority = extra.choice([1, 5, 9]) if extra.random() < 0.2 else None
        if not fields:
            item.tags, item.priority = [], None
        yield item


def quote(text):
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def create_line(item):
    line = "create %s --date %s" % (quote(item.title), quote(item.due.isoformat() + (" " + item.time if item.time else "")))
    if item.place:
        line += " --at " + quote(item.place)
        if item.coords:
            line += " --coords %s,%s" % item.coords
    if item.notes:
        line += " --notes " + quote(item.notes)
    if getattr(item, "priority", None):
        line += " --priority %d" % item.priority
    for tag in getattr(item, "tags", []):
        line += " --tag " + quote(tag)
    return line


def write_errand_script(path, count, seed=1, fields=False):
    with open(path, "w") as f:
        for item in items(count, seed, fields):
            f.write(create_line(item) + "\n")


def sql_literal(value):
    if value is None:
        return "NULL"
    if isinstance(value, (int, float)):
        return repr(value)
    return "'" + value.replace("'", "''") + "'"


def insert_statement(item, seq):
    minutes = None
    if item.time:
        h, m = item.time.split(":")
        minutes = int(h) * 60 + int(m)
    lat, lon = item.coords if item.coords else (None, None)
    values = [item.id, item.title, item.notes, day_number(item.due), minutes, item.place, lat, lon, 0, CREATED, seq]
    return ("INSERT INTO item (uuid, title, notes, due, due_time, place, latitude, longitude, done, created, seq) "
            "VALUES (%s);" % ", ".join(sql_literal(v) for v in values))


def write_sql_script(path, count, seed=1, one_transaction=False):
    """The same items as INSERT statements for sqlite3, with Errand's durability settings
    (WAL, synchronous=FULL): each statement its own commit, or all in one transaction."""
    with open(path, "w") as f:
        f.write("PRAGMA journal_mode = WAL;\nPRAGMA synchronous = FULL;\n")
        if one_transaction:
            # The page cache errand's --single-transaction gives itself (SQLiteConnection.batchCacheKiB),
            # so the peer runs as well tuned as errand does.
            f.write("PRAGMA cache_size = -131072;\nPRAGMA temp_store = MEMORY;\nBEGIN;\n")
        for seq, item in enumerate(items(count, seed), start=1):
            f.write(insert_statement(item, seq) + "\n")
        if one_transaction:
            f.write("COMMIT;\n")


def write_task_import(path, count, seed=1):
    """taskwarrior's import format: one JSON task per line."""
    entry = "20261129T000000Z"
    with open(path, "w") as f:
        for item in items(count, seed):
            hour, minute = (item.time or "00:00").split(":")
            task = {"uuid": item.id.lower(), "description": item.title, "status": "pending", "entry": entry,
                    "due": item.due.strftime("%Y%m%d") + "T%s%s00Z" % (hour, minute)}
            if item.notes:
                task["annotations"] = [{"entry": entry, "description": item.notes}]
            f.write(json.dumps(task, ensure_ascii=False) + "\n")


CATEGORIES = ["Véhicule", "Mode", "Bricolage", "Maison", "Loisirs", "Immobilier", "Livres/CD/DVD", "Multimédia",
              "Service", "Animaux", "Enfants"]
AD_NOUNS = ["Vélo", "Canapé", "Table basse", "Perceuse", "Manteau", "Console", "Appartement T2", "Poussette",
            "Lot de livres", "Guitare", "Chaton", "Cours de piano", "Lampe", "Armoire", "Téléphone", "Tente"]
AD_ADJECTIVES = ["ancien", "neuf", "très bon état", "vintage", "à rénover", "comme neuf", "en chêne", "pliable"]
AD_WORDS = ["vends", "cause", "déménagement", "état", "parfait", "fonctionne", "très", "bien", "remise", "en",
            "main", "propre", "possibilité", "livraison", "Paris", "proche", "gare", "prix", "négociable",
            "photos", "sur", "demande", "disponible", "semaine", "week-end", "contactez-moi", "par", "message"]


def write_catalogue(folder, count, seed=7, changed=False):
    """The listing and its categories; `changed`: the same listing a day later, for a resync
    (1% of the prices changed, 0.5% of the ads gone and as many new)."""
    rng = random.Random(seed)
    ids = rng.sample(range(1_000_000_000, 9_999_999_999), count)
    start = datetime.datetime(2019, 1, 1, tzinfo=datetime.timezone.utc)
    ads = []
    for ad_id in ids:
        digest = "%040x" % rng.getrandbits(160)
        kind = rng.random()
        if kind < 0.8:
            images = {"small": "https://img.example.test/ad-small/%s.jpg" % digest,
                      "thumb": "https://img.example.test/ad-thumb/%s.jpg" % digest}
        elif kind < 0.9:
            images = {"thumb": "https://img.example.test/ad-thumb/%s.jpg" % digest}
        else:
            images = {}
        created = start + datetime.timedelta(seconds=rng.randrange(0, 3 * 365 * 86400))
        ad = {"id": ad_id, "category_id": rng.randrange(1, len(CATEGORIES) + 1),
              "title": "%s %s" % (rng.choice(AD_NOUNS), rng.choice(AD_ADJECTIVES)),
              "description": " ".join(rng.choice(AD_WORDS) for _ in range(rng.randrange(40, 120))),
              "price": float(rng.choice([5, 10, 15, 20, 25, 40, 60, 99, 150, 350, 800, 1200, 185000])),
              "images_url": images, "creation_date": created.strftime("%Y-%m-%dT%H:%M:%S+0000"),
              "is_urgent": rng.random() < 0.1}
        if rng.random() < 0.15:
            ad["siret"] = "%03d %03d %03d" % (rng.randrange(1000), rng.randrange(1000), rng.randrange(1000))
        ads.append(ad)
    if changed:
        change = random.Random(seed + 1)
        for ad in change.sample(ads, count // 100):
            ad["price"] = ad["price"] + 1
        gone = count // 200
        ads = ads[:len(ads) - gone] + [dict(ad, id=10_000_000_000 + i) for i, ad in enumerate(ads[:gone])]
    with open(folder + "/listing.json", "w") as f:
        json.dump(ads, f, ensure_ascii=False)
    with open(folder + "/categories.json", "w") as f:
        json.dump([{"id": i + 1, "name": name} for i, name in enumerate(CATEGORIES)], f, ensure_ascii=False)


# Figure 7 (near): every item has coordinates, a third clustered in and around Paris, the rest
# spread over mainland France, so a 5 km circle in Paris holds thousands and one in the
# countryside a handful.
CITIES = [("Paris", 48.8566, 2.3522), ("Lyon", 45.7640, 4.8357), ("Marseille", 43.2965, 5.3698),
          ("Brest", 48.3904, -4.4861), ("Strasbourg", 48.5734, 7.7521), ("Clermont-Ferrand", 45.7772, 3.0870)]


def located_items(count, seed=7):
    rng = random.Random(seed)
    for i, item in enumerate(items(count, seed)):
        if rng.random() < 0.33:
            lat, lon = rng.gauss(48.8566, 0.06), rng.gauss(2.3522, 0.09)
        else:
            lat, lon = rng.uniform(42.5, 51.0), rng.uniform(-4.5, 7.5)
        item.place = "Spot %d" % (i + 1)
        item.coords = ("%.5f" % lat, "%.5f" % lon)
        yield item


def write_located_script(path, count, seed=7):
    with open(path, "w") as f:
        for item in located_items(count, seed):
            f.write(create_line(item) + "\n")
