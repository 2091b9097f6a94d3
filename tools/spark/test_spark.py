#!/usr/bin/env python3
"""End-to-end test of the Spark map step (run by tools/spark/test, hence by tools/test):

1. tools/spark-run over Fixtures/ in local[2]: its Parquet holds one row per recording, equal
   field by field to `pedometer summarize --format json` of the same files (the failed files'
   rows carry the same errors);
2. a second run retries just the failed files, replacing their rows; a run resumed after a
   crash retries the recordings the crash failed;
3. a 2.5 MB @paths.txt is read; a missing input is said and makes the run exit 1 (run from
   another folder: relative paths are the caller's); an output that is a file is refused in one
   line; Spark logs no INFO lines;
4. a run killed midway, then rerun, gives the same output;
5. remote files (as sc.binaryFiles hands them over) are read under their own names, so a
   Google Fit day file keeps its date, and no message names the executor's scratch copy;
6. a summarize killed by a signal names it on the recording it died on, and the rest of its
   batch is summarised in a new process; a name holding a newline is one row saying so;
7. what cannot work (an unwritable OUT, a missing @paths.txt, a metadata CSV without its
   columns, bad numbers) is refused in one line before Spark starts; tools/spark/setup needs no
   Swift beside an up-to-date binary.
Exits non-zero with the differences on failure.
"""
import contextlib
import io
import json
import math
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import unittest.mock

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PEDOMETER = os.environ.get("PEDOMETER_BINARY")  # set by tools/spark/setup (the release or debug build)
if not PEDOMETER:
    sys.exit("test_spark.py: run it through tools/spark/test, which sets up Java, pyspark and the pedometer binary")
FIELDS = {  # Spark column: summarize's key
    "format": "format", "steps": "steps", "distanceMeters": "distanceMeters", "durationSeconds": "durationSeconds",
    "activeDurationSeconds": "activeDurationSeconds", "averageCadenceStepsPerSecond": "averageCadenceStepsPerSecond",
    "currentPaceSecondsPerMeter": "currentPaceSecondsPerMeter", "currentCadenceStepsPerSecond": "currentCadenceStepsPerSecond",
    "endDate": "endDate", "deviceSteps": "referenceSteps",
    "groundTruthSteps": "groundTruthSteps", "startDate": "startDate", "warnings": "warnings", "error": "error",
}


def spark_run(output, *options, inputs=("Fixtures",), wait=True, status=0, cwd=ROOT):
    """tools/spark-run INPUTS OUTPUT OPTIONS run in `cwd`: its stdout (and stderr, when it is to exit non-zero)."""
    command = [os.path.join(ROOT, "tools", "spark-run"), *inputs, output, *options]
    if not wait:
        return subprocess.Popen(command, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                start_new_session=True)
    result = subprocess.run(command, cwd=cwd, capture_output=True, text=True)
    if result.returncode != status:
        sys.stderr.write(result.stderr[-3000:])
        sys.exit(f"FAIL spark-run {' '.join(inputs)} exited {result.returncode}, not {status}")
    return (result.stdout, result.stderr) if status else result.stdout


def spark_rows(output):
    from pyspark.sql import SparkSession
    spark = SparkSession.builder.master("local[1]").config("spark.ui.enabled", "false").getOrCreate()
    spark.sparkContext.setLogLevel("ERROR")
    rows = [row.asDict() for row in spark.read.parquet(os.path.join(output, "summaries")).collect()]
    spark.stop()
    return rows


def spark_totals(output):
    from pyspark.sql import SparkSession
    spark = SparkSession.builder.master("local[1]").config("spark.ui.enabled", "false").getOrCreate()
    spark.sparkContext.setLogLevel("ERROR")
    table = spark.read.parquet(os.path.join(output, "totals"))
    columns = ["group", "recordings", "failed", "steps", "distanceMeters", "durationSeconds"]  # as documented
    if table.columns != columns:
        sys.exit(f"FAIL the totals' columns {table.columns}, documented as {columns}")
    totals = {row.group: row.steps for row in table.collect()}
    spark.stop()
    return totals


def json_rows(output):
    """The rows of OUT/summaries-json."""
    folder = os.path.join(output, "summaries-json")
    rows = []
    for name in sorted(os.listdir(folder)):
        if name.startswith("part-"):
            with open(os.path.join(folder, name)) as lines:
                rows += [json.loads(line) for line in lines if line.strip()]
    return rows


def local_batch():
    result = subprocess.run([PEDOMETER, "summarize", "--format", "json", "--jobs", "2", "Fixtures"],
                            cwd=ROOT, capture_output=True, text=True)
    return {summary["source"]: summary for summary in map(json.loads, result.stdout.splitlines())}


def same(a, b):
    if isinstance(a, float) or isinstance(b, float):
        return a is not None and b is not None and math.isclose(a, b, rel_tol=0, abs_tol=0)
    return a == b


def compare(rows, reference):
    problems = []
    by_path = {}
    for row in rows:
        if row["path"] in by_path:
            problems.append(f"{row['path']}: two rows")
        by_path[row["path"]] = row
    for path in sorted(set(reference) - set(by_path)):
        problems.append(f"{path}: no row")
    for path in sorted(set(by_path) - set(reference)):
        problems.append(f"{path}: a row for a recording summarize did not read")
    for path in sorted(set(by_path) & set(reference)):
        for column, key in FIELDS.items():
            if not same(by_path[path].get(column), reference[path].get(key)):
                problems.append(f"{path}: {column} {by_path[path].get(column)!r} != {reference[path].get(key)!r}")
    return problems


def main():
    reference = local_batch()
    failed = [path for path, summary in reference.items() if "error" in summary]
    assert failed, "the fixtures hold malformed files: some must fail"
    scratch = tempfile.mkdtemp(prefix="pedometer-spark-test-")
    try:
        check_crashes(reference, scratch)
        check_newline_names(reference, scratch)
        check_refusals(scratch)
        check_prebuilt_binary()
        output = os.path.join(scratch, "out")
        started = time.time()
        # The README's command: tools/spark-run Fixtures OUT --group-level 1.
        spark_run(output, "--group-level", "1")
        first = time.time() - started
        problems = compare(spark_rows(output), reference)
        if problems:
            sys.exit("FAIL Spark output differs from pedometer summarize:\n  " + "\n  ".join(problems[:40]))
        print(f"ok    {len(reference)} rows equal to the local batch field by field ({len(failed)} failed files "
              f"with their errors); {first:.1f} s")
        groups = sorted({path.split("/")[1] for path in reference})
        totals = spark_totals(output)
        if sorted(totals) != groups or sum(totals.values()) != sum(
                reference[path].get("steps") or 0 for path in reference):
            sys.exit(f"FAIL per-folder totals {totals} (expected the folders {groups} and every step)")
        print(f"ok    per-folder totals: {len(totals)} groups, every step counted")

        again = spark_run(output)
        retried = f"{len(failed)} recordings summarised ({len(failed)} failed, {len(failed)} of them retried"
        problems = compare(spark_rows(output), reference)
        if retried not in again or problems:
            sys.exit(f"FAIL a second run did not retry just the failed files: {again.strip()}\n  "
                     + "\n  ".join(problems[:40]))
        print("ok    a second run retries just the failed files, replacing their rows")

        # A rerun with nothing new to summarise still writes the totals and the JSON Lines (of
        # everything in OUT).
        shutil.rmtree(os.path.join(output, "totals"))
        idle = spark_run(output, "--group-level", "1", "--jsonl", inputs=("Fixtures/oxford",))
        if "nothing to do" not in idle or spark_totals(output) != totals:
            sys.exit(f"FAIL a rerun with nothing to do and --group-level 1: {idle.strip()}")
        problems = compare(json_rows(output), reference)
        if problems:
            sys.exit("FAIL summaries-json differs from the whole table:\n  " + "\n  ".join(problems[:40]))
        print("ok    a rerun with nothing new to summarise writes the totals, and with --jsonl the whole table as JSON")

        # The same recordings named otherwise are the same rows: not summarised again, not twice;
        # so are --metadata's paths (one absolute, one ./, one naming no recording), in a CSV as
        # a spreadsheet saves it (a byte-order mark, semicolons).
        people = sorted(path for path in reference if path.startswith("Fixtures/oxford/"))[:2]
        metadata = os.path.join(scratch, "people.csv")
        with open(metadata, "w", encoding="utf-8") as table:
            table.write(f"\ufeffpath;participant\n{os.path.join(ROOT, people[0])};P1\n./{people[1]};P2\nFixtures/gone.csv;P3\n")
        spelt = spark_run(output, "--metadata", metadata, "--group-column", "participant",
                          inputs=("./Fixtures/oxford/", os.path.join(ROOT, "Fixtures", "wrist-watch")))
        problems = compare(spark_rows(output), reference)
        if "nothing to do" not in spelt or problems:
            sys.exit(f"FAIL the fixtures named ./Fixtures/oxford/ and by their absolute path: {spelt.strip()}\n  "
                     + "\n  ".join(problems[:40]))
        print("ok    recordings already summarised, named by other paths, are skipped")
        participants = {group: steps for group, steps in spark_totals(output).items() if group}
        warned = (f"warning: {len(reference) - 2} recordings have no row in {metadata} (grouped under None)",
                  f"warning: 1 rows of {metadata} name no recording in {output}, e.g. Fixtures/gone.csv")
        if participants != {"P1": reference[people[0]]["steps"], "P2": reference[people[1]]["steps"]} or not all(
                line in spelt for line in warned):
            sys.exit(f"FAIL --metadata paths spelt otherwise: {participants}\n{spelt}")
        print("ok    --metadata paths match recordings however spelt; the unmatched are counted in a warning")

        # Resuming after a crash: the recordings it left as errors are retried, not skipped.
        crashy = os.path.join(scratch, "crashy")
        with open(crashy, "w") as script:
            script.write(f"""#!/bin/bash
# pedometer whose summarize crashes after its first recording
if [ "$1" != summarize ]; then exec {PEDOMETER} "$@"; fi
{PEDOMETER} "$@" | head -n 1
echo "Fatal error: simulated crash" >&2
exit 134
""")
        os.chmod(crashy, 0o755)
        crashed_output = os.path.join(scratch, "crashed")
        folders = ("Fixtures/oxford", "Fixtures/wrist-watch")
        spark_run(crashed_output, "--partitions", "1", "--pedometer", crashy, inputs=folders)
        crashed = sum(row["error"] is not None for row in spark_rows(crashed_output))
        resumed = spark_run(crashed_output, inputs=folders)
        wanted = {path: summary for path, summary in reference.items() if path.startswith(folders)}
        problems = compare(spark_rows(crashed_output), wanted)
        if crashed < 2 or f"{crashed} of them retried" not in resumed or problems:
            sys.exit(f"FAIL resuming after a crash that failed {crashed} recordings: {resumed.strip()}\n  "
                     + "\n  ".join(problems[:40]))
        print(f"ok    resuming after a crash retries its {crashed} failed recordings, one row each")

        # @paths.txt longer than the argument list allows (2.5 MB), and an input that does not exist,
        # run from another folder: INPUT, OUT, @paths.txt and the paths in it are relative to it.
        os.symlink(os.path.join(ROOT, "Fixtures"), os.path.join(scratch, "Fixtures"))
        with open(os.path.join(scratch, "paths.txt"), "w") as listing:
            listing.write(("./" * 400 + "Fixtures/runwalk/runwalk.csv\n") * 3000)
        stdout, stderr = spark_run("listed", inputs=("@paths.txt", "Fixtures/nope.csv"), status=1, cwd=scratch)
        # spark-submit passes the Python driver's stderr to its stdout.
        listed = [row["path"] for row in spark_rows(os.path.join(scratch, "listed"))]
        if listed != ["Fixtures/runwalk/runwalk.csv"]:
            sys.exit(f"FAIL the rows of ./././…/Fixtures/runwalk/runwalk.csv: {listed}")
        if ("pedometer_spark: Fixtures/nope.csv: no such file or folder" not in stdout
                or "1 recordings summarised (0 failed)" not in stdout or "unusable inputs: 1" not in stdout):
            sys.exit(f"FAIL @paths.txt of 3000 long paths and a missing input:\n{stdout}{stderr[-2000:]}")
        if " INFO " in stderr:
            sys.exit(f"FAIL Spark's INFO log on stderr:\n{stderr[-2000:]}")
        print("ok    a 2.5 MB @paths.txt is read; a missing input is said and the run exits 1; no INFO log; "
              "relative paths are the caller's")
        # Rerun from a subfolder: the rows' relative paths are of the first run's folder
        # (OUT/relative-to), the recording already there (the review: a second row).
        os.makedirs(os.path.join(scratch, "sub"))
        again = spark_run("../listed", inputs=("../Fixtures/runwalk/runwalk.csv",), cwd=os.path.join(scratch, "sub"))
        listed = [row["path"] for row in spark_rows(os.path.join(scratch, "listed"))]
        if "nothing to do" not in again or listed != ["Fixtures/runwalk/runwalk.csv"]:
            sys.exit(f"FAIL a rerun from a subfolder: {listed}\n{again}")
        # OUT and the data moved together: OUT/relative-to is a path from OUT, so the rows are
        # still found (the second review: a moved project summarised everything again).
        moved = os.path.join(scratch, "moved")
        os.makedirs(moved)
        shutil.copytree(os.path.join(scratch, "listed"), os.path.join(moved, "listed"))
        os.symlink(os.path.join(ROOT, "Fixtures"), os.path.join(moved, "Fixtures"))
        again = spark_run("listed", inputs=("Fixtures/runwalk/runwalk.csv",), cwd=moved)
        if "nothing to do" not in again:
            sys.exit(f"FAIL a rerun after OUT and the data moved together:\n{again}")
        # An OUT written before relative-to was kept: its rows taken as of this run's folder, said.
        os.remove(os.path.join(moved, "listed", "relative-to"))
        legacy = spark_run("listed", inputs=("Fixtures/runwalk/runwalk.csv",), cwd=moved)
        if "nothing to do" not in legacy or "has rows but no relative-to" not in legacy:
            sys.exit(f"FAIL a rerun into an OUT without relative-to:\n{legacy}")
        print("ok    a rerun from another folder, or after OUT and the data moved, finds the rows of the first")

        # --summarize-options reach every summarize (Mobilise-D's file has no time column:
        # --rate 100), and an input whose name starts with a dash is a name, not an option.
        os.symlink(os.path.join(ROOT, "Fixtures", "mobilise-d", "HA-001-daily-living.csv"), os.path.join(scratch, "-rec.csv"))
        spark_run("rated", "--summarize-options", "--rate 100", inputs=("-rec.csv",), cwd=scratch)
        local = json.loads(subprocess.run([PEDOMETER, "summarize", "--format", "json", "--rate", "100", "./-rec.csv"], cwd=scratch,
                                          capture_output=True, text=True, check=True).stdout)
        rated = spark_rows(os.path.join(scratch, "rated"))
        if [(row["path"], row["steps"], row["error"]) for row in rated] != [("-rec.csv", local["steps"], None)]:
            sys.exit(f"FAIL --summarize-options '--rate 100' on -rec.csv: {rated}, summarize gives {local['steps']} steps")
        print(f"ok    --summarize-options reach summarize ({local['steps']} steps at --rate 100); a name starting with '-' is read")

        not_folder = os.path.join(scratch, "a-file")
        open(not_folder, "w").close()
        stdout, stderr = spark_run(not_folder, status=1)
        if (stdout + stderr).strip() != f"pedometer_spark: {not_folder}: exists and is not a folder (the output is a folder of tables)":
            sys.exit(f"FAIL an output that is a file:\n{stdout}{stderr[-2000:]}")
        print("ok    an output that is a file is refused in one line")

        # Killed between its tasks' commits and its job's: committed task output is left under
        # summaries/_temporary/0/, which the next run's job commit must not take as its own.
        stale_output = os.path.join(scratch, "stale")
        stale_task = os.path.join(stale_output, "summaries", "_temporary", "0", "task_202611250000_0004_m_000000")
        os.makedirs(stale_task)
        for name in os.listdir(os.path.join(output, "summaries")):
            if name.startswith("part-"):
                shutil.copy(os.path.join(output, "summaries", name), stale_task)
        spark_run(stale_output)
        problems = compare(spark_rows(stale_output), reference)
        if problems:
            sys.exit("FAIL a run after one killed before its job commit differs:\n  " + "\n  ".join(problems[:40]))
        print("ok    task output left by a run killed before its job commit is not taken in")

        killed_output = os.path.join(scratch, "killed")
        process = spark_run(killed_output, wait=False)
        time.sleep(max(first * 0.6, 3))
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()
        spark_run(killed_output)
        problems = compare(spark_rows(killed_output), reference)
        if problems:
            sys.exit("FAIL a killed run, rerun, differs:\n  " + "\n  ".join(problems[:40]))
        print("ok    a run killed midway and rerun gives the same output")
        check_remote_copies(reference)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def check_crashes(reference, scratch):
    """A summarize killed by a signal: the recording it died on says so, the rest of its batch is
    summarised in a new process; when that one dies too, the recordings it did not reach say so."""
    sys.path.insert(0, os.path.join(ROOT, "tools", "spark"))
    import pedometer_spark
    crashy = os.path.join(scratch, "segfaulty")
    with open(crashy, "w") as script:
        script.write(f"""#!/bin/bash
# pedometer whose summarize dies by SIGSEGV when it reaches a path containing "boom"
mapfile -t paths
before=()
for p in "${{paths[@]}}"; do [[ "$p" == *boom* ]] && break; before+=("$p"); done
if [ ${{#before[@]}} -gt 0 ]; then printf '%s\\n' "${{before[@]}}" | {PEDOMETER} "$@"; fi
if [ ${{#before[@]}} -lt ${{#paths[@]}} ]; then kill -SEGV $$; fi
""")
    os.chmod(crashy, 0o755)
    good = sorted(path for path, summary in reference.items() if "error" not in summary)[:3]
    booms = []
    for name in ("boom1.csv", "boom2.csv"):
        booms.append(os.path.join(scratch, name))
        shutil.copy(os.path.join(ROOT, good[0]), booms[-1])
    died = "pedometer summarize was killed by signal 11 (SIGSEGV)"
    once = [good[0], booms[0], good[1], good[2]]
    rows = {row.path: row for row in pedometer_spark.summarize_paths(crashy, [(path, os.path.join(ROOT, path)) for path in once])}
    problems = compare([row.asDict() for path, row in rows.items() if path in good],
                       {path: reference[path] for path in good})
    if sorted(rows) != sorted(once) or rows[booms[0]].error != f"{booms[0]}: not summarised: {died} while reading it" or problems:
        sys.exit(f"FAIL a crash on {booms[0]}: {[(row.path, row.error) for row in rows.values()]}\n  " + "\n  ".join(problems))
    twice = [good[0], booms[0], booms[1], good[1]]
    rows = {row.path: row.error for row in pedometer_spark.summarize_paths(crashy, [(path, os.path.join(ROOT, path)) for path in twice])}
    wanted = {good[0]: None, booms[0]: f"{booms[0]}: not summarised: {died} while reading it",
              booms[1]: f"{booms[1]}: not summarised: {died} while reading it",
              good[1]: f"{good[1]}: not summarised: not reached, {died} while reading its batch (it gave no result from {booms[1]} on)"}
    if rows != wanted:
        sys.exit(f"FAIL crashes on {booms[0]} and {booms[1]}: {rows}")
    print("ok    a summarize killed by a signal: its recording says so, the rest are summarised in a new process")


def check_newline_names(reference, scratch):
    """A recording whose name holds a newline is one row saying so, not split into bogus paths."""
    sys.path.insert(0, os.path.join(ROOT, "tools", "spark"))
    import pedometer_spark
    good = sorted(path for path, summary in reference.items() if "error" not in summary)[0]
    folder = os.path.join(scratch, "newline")
    os.makedirs(os.path.join(folder, "in\nfolder"))
    names = [os.path.join(folder, name) for name in ("in\nfolder/a.csv", "new\nline.csv", "ok.csv")]
    for name in names:
        shutil.copy(os.path.join(ROOT, good), name)
    found, unusable = pedometer_spark.local_recordings(PEDOMETER, [folder])
    given, _ = pedometer_spark.local_recordings(PEDOMETER, [names[1]])
    if sorted(found) != names or unusable or given != [names[1]]:
        sys.exit(f"FAIL names holding a newline, as listed: {found} {unusable}; given: {given}")
    rows = {row.path: row for row in pedometer_spark.summarize_paths(PEDOMETER, [(name, name) for name in found])}
    said = [name.replace("\n", "\\n") + ": not summarised: its name holds a newline" for name in names[:2]]
    if (sorted(rows) != names or any(not (rows[name].error or "").startswith(text) for name, text in zip(names, said))
            or rows[names[2]].steps != reference[good]["steps"]):
        sys.exit(f"FAIL names holding a newline: {[(row.path, row.error) for row in rows.values()]}")
    print("ok    a name holding a newline is one failed row saying so, not split")


def refusal(*argv):
    """(exit status, what was said) of pedometer_spark.main(argv), which must end before Spark starts."""
    sys.path.insert(0, os.path.join(ROOT, "tools", "spark"))
    import pedometer_spark

    class NoSpark:
        @property
        def builder(self):
            sys.exit(f"FAIL pedometer_spark {' '.join(argv)}: Spark started")
    said = io.StringIO()
    with contextlib.redirect_stderr(said), contextlib.redirect_stdout(said), \
            unittest.mock.patch.object(pedometer_spark, "SparkSession", NoSpark()):
        try:
            pedometer_spark.main(list(argv))
        except SystemExit as end:
            return end.code, said.getvalue()
    sys.exit(f"FAIL pedometer_spark {' '.join(argv)}: not refused")


def check_refusals(scratch):
    """What cannot work is refused in one line before Spark starts."""
    checks = [(("Fixtures", "--output", "/proc/pedometer-spark-out"), 74,
               "pedometer_spark: /proc/pedometer-spark-out: cannot be written (No such file or directory)\n"),
              (("@nope.txt", "--output", os.path.join(scratch, "refused")), 1,
               "pedometer_spark: @nope.txt: cannot be read (No such file or directory)\n")]
    people = os.path.join(scratch, "people.csv")
    with open(people, "w") as table:
        table.write("file,participant\nFixtures/runwalk/runwalk.csv,P1\n")
    checks += [(("Fixtures", "--output", os.path.join(scratch, "refused"), "--metadata", people, "--group-column", "person"), 1,
                f"pedometer_spark: {people}: no column path, person (--metadata needs `path` and the --group-column; "
                "its columns: file, participant)\n")]
    for words, line in (("--rat 100", "Error: Unknown option '--rat'. Did you mean '--rate'?"),
                        ("--version", "--version prints '0.1.0', not summaries"),
                        ("--format csv", "--format is the map step's own (the options read recordings: --rate, --columns, --height …)")):
        checks += [(("Fixtures", "--output", os.path.join(scratch, "refused"), "--pedometer", PEDOMETER, "--summarize-options", words), 64,
                    f"pedometer_spark: --summarize-options: {line}\n")]
    for option, value, least in (("--partitions", "0", 1), ("--group-level", "-1", 0)):
        checks += [(("Fixtures", "--output", os.path.join(scratch, "refused"), option, value), 2,
                    f"argument {option}: {value} is under {least}\n")]
    for argv, status, line in checks:
        if status == 2:  # argparse's usage, then its error
            end, said = refusal(*argv)
            if end != 2 or not said.endswith(line):
                sys.exit(f"FAIL pedometer_spark {' '.join(argv)}: {end}, {said}")
            continue
        if refusal(*argv) != (status, line):
            sys.exit(f"FAIL pedometer_spark {' '.join(argv)}: {refusal(*argv)}, not {(status, line)}")
    print(f"ok    {len(checks)} unusable invocations refused in one line before Spark starts")


def check_prebuilt_binary():
    """tools/spark/setup with its binary built and no Swift on PATH: it neither builds nor fails."""
    path = os.pathsep.join(folder for folder in os.environ["PATH"].split(os.pathsep)
                           if not os.path.exists(os.path.join(folder, "swift")))
    result = subprocess.run(["bash", "-c", "set -euo pipefail; source tools/spark/setup"], cwd=ROOT,
                            env={**os.environ, "PATH": path}, capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"FAIL tools/spark/setup with a prebuilt binary and no Swift: exit {result.returncode}\n{result.stderr}")
    print("ok    tools/spark/setup needs no Swift when the binary is up to date")


def check_remote_copies(reference):
    """Remote recordings are copied to the executor before they are read: the copy keeps the
    file's name (a Google Fit day file's date is its name) and no message names the copy."""
    sys.path.insert(0, os.path.join(ROOT, "tools", "spark"))
    import pedometer_spark
    names = ["formats/google-fit/2019-05-13.csv", "malformed/nan-field.csv"]
    files = []
    for name in names:
        with open(os.path.join(ROOT, "Fixtures", name), "rb") as handle:
            files.append(("s3a://bucket/" + name, handle.read()))
    rows = pedometer_spark.remote_partition(PEDOMETER)(iter(files))
    for name, row in zip(names, (row.asDict() for row in rows)):
        local = reference["Fixtures/" + name]
        if row.get("startDate") != local.get("startDate"):
            sys.exit(f"FAIL remote {name}: startDate {row.get('startDate')}, locally {local.get('startDate')}")
        leaked = [text for text in (row.get("warnings") or []) + [row.get("error") or ""] if "pedometer-spark-" in text]
        if leaked:
            sys.exit(f"FAIL remote {name}: a message names the scratch copy: {leaked[0]}")
    print("ok    remote files keep their names (a Google Fit day its date), messages their paths")


if __name__ == "__main__":
    main()
