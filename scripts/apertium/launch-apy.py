#!/usr/bin/python3
"""Starts Apertium APY (the Debian package apertium-apy) on 127.0.0.1 only.

APY 0.11.7 has no bind-address option and listens on every interface; this launcher builds APY's own
Tornado application and binds it to loopback. Arguments are APY's (e.g. -p PORT -l langNames.db MODES_DIR).
Run with LC_ALL=C.UTF-8 (APY refuses non-UTF-8 locales).
"""
import logging
import signal
import sys

import tornado.httpserver
import tornado.ioloop
from apertium_apy import apy

HOST = "127.0.0.1"


def main():
    apy.check_utf8()
    args = apy.parse_args(sys.argv[1:])
    apy.setup_logging(args)
    application = apy.setup_application(args)
    server = tornado.httpserver.HTTPServer(application)
    server.bind(args.port, address=HOST)
    server.start(1)
    loop = tornado.ioloop.IOLoop.current()

    def stop(*_):
        loop.add_callback_from_signal(loop.stop)

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    logging.info("APY listening on http://%s:%s (loopback only)", HOST, args.port)
    print(f"APY ready on http://{HOST}:{args.port}", flush=True)
    loop.start()


if __name__ == "__main__":
    main()
