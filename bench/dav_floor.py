"""The floor of figure 9: the least any CalDAV client can ask of the server.

dav_floor.py put FOLDER URL      PUTs every .ics of FOLDER into the collection at URL, one after
                                 another over one kept-alive connection, If-None-Match: *
dav_floor.py propfind URL...     one PROPFIND (Depth 0) of each collection's sync-token, over
                                 one kept-alive connection: what a client must ask at least to
                                 learn whether anything changed

Credentials come from $NETRC (Python's netrc module), as errand reads them. It parses nothing it
gets back and keeps no state, so its time is the server's time plus one small Python process:
a client cannot be faster than this by more than its own start-up.
"""

import base64
import http.client
import netrc
import os
import sys
import urllib.parse


def connection(url):
    parts = urllib.parse.urlsplit(url)
    login = netrc.netrc(os.environ["NETRC"]).authenticators(parts.hostname)
    token = base64.b64encode(("%s:%s" % (login[0], login[2])).encode()).decode()
    return http.client.HTTPConnection(parts.hostname, parts.port, timeout=600), parts.path, token


def ask(conn, method, path, token, body, headers):
    headers = dict(headers, Authorization="Basic " + token)
    conn.request(method, path, body=body, headers=headers)
    response = conn.getresponse()
    response.read()
    if response.status >= 300:
        sys.exit("%s %s: HTTP %d" % (method, path, response.status))


def main():
    mode, args = sys.argv[1], sys.argv[2:]
    if mode == "put":
        folder, url = args
        conn, path, token = connection(url)
        for name in sorted(os.listdir(folder)):
            with open(os.path.join(folder, name), "rb") as f:
                body = f.read()
            ask(conn, "PUT", path + urllib.parse.quote(name), token, body,
                {"Content-Type": "text/calendar; charset=utf-8", "If-None-Match": "*"})
    elif mode == "propfind" and args:
        conn, _, token = connection(args[0])
        body = b'<?xml version="1.0"?><d:propfind xmlns:d="DAV:"><d:prop><d:sync-token/></d:prop></d:propfind>'
        for url in args:
            ask(conn, "PROPFIND", urllib.parse.urlsplit(url).path, token, body,
                {"Depth": "0", "Content-Type": "application/xml"})
    else:
        sys.exit("usage: dav_floor.py put FOLDER URL | propfind URL...")


if __name__ == "__main__":
    main()
