"""The peer side of bench/formats/peer-gpx: gpxpy (the GPX library FitTrackee and Endurain use).

Reads one GPX file (path as argv[1]), then for each line "run" on stdin parses the bytes and
computes what their import computes (moving data, climbing, 3-D length), and answers one line
"RESULT <json>": wall and CPU milliseconds, points, the figures, and the peak RSS so far. Run with Debian's
/usr/bin/python3, where python3-gpxpy is installed.
"""
import json
import resource
import sys
import time

import gpxpy

path = sys.argv[1]
with open(path, 'rb') as f:
    data = f.read().decode('utf-8')

for line in sys.stdin:
    if line.strip() != 'run':
        break
    started = time.perf_counter()
    cpu = time.process_time()
    gpx = gpxpy.parse(data)
    moving = gpx.get_moving_data()
    climbing = gpx.get_uphill_downhill()
    length = gpx.length_3d()
    ms = (time.perf_counter() - started) * 1000
    cpu_ms = (time.process_time() - cpu) * 1000
    points = gpx.get_points_no()
    del gpx
    print('RESULT ' + json.dumps({
        'ms': ms,
        'cpuMs': cpu_ms,
        'points': points,
        'movingTime': moving.moving_time,
        'elevationGain': climbing.uphill,
        'distance': length,
        'peakKib': resource.getrusage(resource.RUSAGE_SELF).ru_maxrss,
    }), flush=True)
