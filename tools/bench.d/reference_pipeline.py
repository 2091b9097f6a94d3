#!/usr/bin/env python3
"""The Python reference pipeline tools/bench compares against: what a data scientist would write
to count steps in a phone log with pandas + scipy.

Usage: reference_pipeline.py FILE
Prints {"rows", "steps", "rateHz", "importSeconds", "pipelineSeconds"} as JSON: the time to
import numpy, pandas and scipy, and the time from there to the step count.

FILE is a generic `timestamp,x,y,z` log (seconds, m/s^2) or a SensorLog export (its
accelerometerTimestamp_sinceReboot and accelerometerAcceleration{X,Y,Z} columns, in g). Steps are
peaks of the acceleration magnitude after a zero-phase 4th-order Butterworth band-pass
(0.5-3 Hz, scipy.signal.butter + sosfiltfilt), at least 0.25 s apart (find_peaks) and at least
0.8 m/s^2 high and prominent.
"""
import time

STARTED = time.perf_counter()

import json  # noqa: E402
import sys  # noqa: E402

import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402
from scipy.signal import butter, find_peaks, sosfiltfilt  # noqa: E402

IMPORTED = time.perf_counter()

G = 9.80665

SENSORLOG = ["accelerometerTimestamp_sinceReboot(s)", "accelerometerAccelerationX(G)",
             "accelerometerAccelerationY(G)", "accelerometerAccelerationZ(G)"]
GENERIC = ["timestamp", "x", "y", "z"]


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    path = sys.argv[1]
    with open(path, encoding="utf-8") as f:
        header = f.readline().rstrip("\r\n").split(",")
    if SENSORLOG[1] in header:
        columns, scale = SENSORLOG, G
    else:
        columns, scale = GENERIC, 1.0
    frame = pd.read_csv(path, usecols=columns, dtype=np.float64)
    frame = frame[columns].dropna()
    t = frame[columns[0]].to_numpy()
    xyz = frame[columns[1:]].to_numpy() * scale
    magnitude = np.sqrt((xyz * xyz).sum(axis=1))
    rate = 1.0 / float(np.median(np.diff(t)))
    sos = butter(4, [0.5, 3.0], btype="bandpass", fs=rate, output="sos")
    filtered = sosfiltfilt(sos, magnitude - magnitude.mean())
    peaks, _ = find_peaks(filtered, height=0.8, prominence=0.8, distance=max(1, int(0.25 * rate)))
    print(json.dumps({"rows": int(len(t)), "steps": int(len(peaks)), "rateHz": rate,
                      "importSeconds": IMPORTED - STARTED,
                      "pipelineSeconds": time.perf_counter() - IMPORTED}))


if __name__ == "__main__":
    main()
