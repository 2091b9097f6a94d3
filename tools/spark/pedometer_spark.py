#!/usr/bin/env python3
"""Summarise recordings on Apache Spark: `pedometer summarize` as the map step.

Usage (spark-submit; tools/spark-run does it in local mode):
  spark-submit [--files pedometer] pedometer_spark.py INPUT... --output OUT [options]

INPUT: local files or folders (searched as `pedometer list` searches them), a text file of
paths given as @paths.txt, or any Hadoop URI (s3a://bucket/logs/*.zip, hdfs://...): remote
recordings are copied to the executor's local disk (sc.binaryFiles) before they are read.

Paths are spread evenly over --partitions tasks (by count, so that long files do not all land
on one task); each task pipes its paths to `pedometer summarize --format json --jobs 1 -` and
parses the JSON lines into rows of an explicit schema. A recording that cannot be read is a row
with its `file:line:column: reason` error, never dropped, and never fails the job.

The rows are written as Parquet to OUT/summaries (and, with --jsonl, the whole table as JSON
Lines to OUT/summaries-json). A rerun skips the recordings already summarised in OUT (however
their paths are spelt this time: a row is the file's, under the path it was first summarised by) and retries those whose
row is an error, replacing their rows (--force redoes every path); a run killed before its write commits
leaves OUT as it was (what its tasks wrote is removed by the next run).
--group-level N also writes per-group totals (group, recordings, failed, steps, distanceMeters,
durationSeconds) to OUT/totals, grouping by the N-th folder of each path (0 = the first);
--metadata CSV --group-column C groups by column C of a CSV with a `path` column instead.

The binary: --pedometer PATH, else `pedometer` shipped with --files (found in the task's
working directory), else on PATH.
"""
import argparse
import csv
import json
import os
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile

from pyspark.sql import Row, SparkSession
from pyspark.sql import functions as F
from pyspark.sql.types import (ArrayType, DoubleType, LongType, StringType, StructField,
                               StructType)

SCHEMA = StructType([
    StructField("path", StringType(), False),
    StructField("format", StringType(), True),
    StructField("startDate", StringType(), True),
    StructField("endDate", StringType(), True),
    StructField("steps", LongType(), True),
    StructField("stepsSource", StringType(), True),
    StructField("distanceMeters", DoubleType(), True),
    StructField("distanceMethod", StringType(), True),
    StructField("durationSeconds", DoubleType(), True),
    StructField("activeDurationSeconds", DoubleType(), True),
    StructField("averageCadenceStepsPerSecond", DoubleType(), True),
    StructField("maxCadenceStepsPerSecond", DoubleType(), True),
    StructField("averageActivePaceSecondsPerMeter", DoubleType(), True),
    StructField("currentPaceSecondsPerMeter", DoubleType(), True),
    StructField("currentCadenceStepsPerSecond", DoubleType(), True),
    StructField("floorsAscended", LongType(), True),
    StructField("floorsDescended", LongType(), True),
    StructField("deviceSteps", LongType(), True),
    StructField("deviceDistanceMeters", DoubleType(), True),
    StructField("groundTruthSteps", LongType(), True),
    StructField("warnings", ArrayType(StringType()), True),
    StructField("error", StringType(), True),
])

# summarize's JSON keys for the schema's fields that are named differently.
RENAMED = {"deviceSteps": "referenceSteps", "deviceDistanceMeters": "referenceDistanceMeters"}


def pedometer_binary(given):
    """The binary on this machine (driver or executor)."""
    if given:
        return given
    try:
        from pyspark import SparkFiles
        shipped = SparkFiles.get("pedometer")
        if os.path.exists(shipped):
            return shipped
    except Exception:
        pass
    if os.path.exists("pedometer"):
        return os.path.abspath("pedometer")
    found = shutil.which("pedometer")
    if not found:
        raise SystemExit("pedometer not found: give --pedometer, ship it with --files, or put it on PATH")
    return found


def to_row(path, summary):
    """A row of SCHEMA from summarize's JSON object (or its error)."""
    values = {"path": path}
    for field in SCHEMA.fields:
        if field.name == "path":
            continue
        value = summary.get(RENAMED.get(field.name, field.name))
        if value is not None and isinstance(field.dataType, DoubleType):
            value = float(value)
        if value is not None and isinstance(field.dataType, LongType):
            value = int(value)
        values[field.name] = value
    return Row(**values)


def run_summarize(binary, items, options=()):
    """One `pedometer summarize [options] -` process over (path, local path) pairs: the rows it
    gave, the pairs it gave none for (in order), and how it ended when that was abnormal (else
    None)."""
    local_to_path = {local: path for path, local in items}
    process = subprocess.run(
        [binary, "summarize", "--format", "json", "--jobs", "1", "--progress", "never", *options, "-"],
        input="\n".join(local for _, local in items) + "\n", capture_output=True, text=True)
    rows, seen = [], set()
    for line in process.stdout.splitlines():
        if not line.strip():
            continue
        summary = json.loads(line)
        local = summary.get("source")
        path = local_to_path.get(local, local)
        # Messages name the recording by its own path, not the executor's scratch copy.
        if local and local != path:
            if "error" in summary:
                summary["error"] = summary["error"].replace(local, path)
            if summary.get("warnings"):
                summary["warnings"] = [warning.replace(local, path) for warning in summary["warnings"]]
        seen.add(local)
        rows.append(to_row(path, summary))
    ended = None
    if process.returncode < 0:
        number = -process.returncode
        try:
            name = f" ({signal.Signals(number).name})"
        except ValueError:
            name = ""
        ended = f"pedometer summarize was killed by signal {number}{name}"
    elif process.returncode not in (0, 1):
        said = process.stderr.strip().splitlines()[-1:]
        ended = f"pedometer summarize exited {process.returncode}" + (f" ({said[0]})" if said else "")
    return rows, [item for item in items if item[1] not in seen], ended


def summarize_paths(binary, items, options=(), retry=True):
    """Runs summarize on (path, local path) pairs: one row per path, in any case. When summarize
    crashes, the first recording it gave no row for (the one it was reading, unless its output was
    still buffered) is run again alone, and the rest once more in a new process (`retry`)."""
    items = list(items)
    # summarize - reads one path a line: a name holding a newline cannot be given to it.
    rows = [to_row(path, {"error": path.replace("\n", "\\n") + ": not summarised: its name holds a newline, "
                                   "which pedometer summarize - cannot be given (one path a line); rename it"})
            for path, local in items if "\n" in local]
    items = [(path, local) for path, local in items if "\n" not in local]
    if not items:
        return rows
    done, missing, ended = run_summarize(binary, items, options)
    rows += done
    if not missing:
        return rows
    if ended is None:
        # Summarize ended normally and said nothing of these: a row each, saying so.
        return rows + [to_row(path, {"error": f"{path}: not summarised (pedometer summarize gave no result for it)"})
                       for path, _ in missing]
    (suspect, suspect_local), rest = missing[0], missing[1:]
    alone, still_missing, alone_ended = run_summarize(binary, [(suspect, suspect_local)], options)
    rows += alone
    if still_missing:
        why = f"{alone_ended} while reading it" if alone_ended else "pedometer summarize gave no result for it"
        rows.append(to_row(suspect, {"error": f"{suspect}: not summarised: {why}"}))
    if rest and retry:
        return rows + summarize_paths(binary, rest, options, retry=False)
    return rows + [to_row(path, {"error": f"{path}: not summarised: not reached, {ended} while reading its batch "
                                          f"(it gave no result from {suspect} on)"}) for path, _ in rest]


def local_partition(binary_hint, options=()):
    def run(items):
        return summarize_paths(pedometer_binary(binary_hint), items, options)
    return run


def remote_partition(binary_hint, options=()):
    def run(files):
        scratch = tempfile.mkdtemp(prefix="pedometer-spark-")
        try:
            items = []
            for index, (uri, content) in enumerate(files):
                # Under its own name (a Google Fit day file's name is its date), in a folder of
                # its own so that two remote files of one name do not meet.
                folder = os.path.join(scratch, str(index))
                os.makedirs(folder)
                local = os.path.join(folder, os.path.basename(uri.rstrip('/')))
                with open(local, "wb") as out:
                    out.write(content)
                items.append((uri, local))
            return summarize_paths(pedometer_binary(binary_hint), items, options)
        finally:
            shutil.rmtree(scratch, ignore_errors=True)
    return run


def local_recordings(binary, inputs):
    """The recordings under local inputs, as `pedometer list` finds them, and what it said of
    the inputs it could not use (a path that does not exist, a folder with no recording). The
    inputs go to `list -` on stdin: a list of any length (@paths.txt) fits; those whose name holds
    a newline as arguments."""
    process = subprocess.run([binary, "list", "-", *[item for item in inputs if "\n" in item]],
                             input="\n".join(item for item in inputs if "\n" not in item) + "\n",
                             capture_output=True, text=True)
    if process.returncode not in (0, 1):
        raise SystemExit(f"pedometer_spark: pedometer list exited {process.returncode}: {process.stderr.strip()}")
    unusable = [line for line in process.stderr.splitlines() if line.strip()]
    return rejoined([line for line in process.stdout.splitlines() if line.strip()]), unusable


def rejoined(lines, most=8):
    """`pedometer list`'s lines with the paths it printed over several (a name holding a newline)
    joined again: a line naming nothing that, with up to `most` lines after it, names a file."""
    paths, index = [], 0
    while index < len(lines):
        taken = 1
        if not os.path.lexists(lines[index]):
            taken = next((count for count in range(2, most + 2) if index + count <= len(lines)
                          and os.path.lexists("\n".join(lines[index:index + count]))), 1)
        paths.append("\n".join(lines[index:index + taken]))
        index += taken
    return paths


def done_paths(spark, output):
    """The paths already in OUT/summaries: (those summarised, those whose row is an error)."""
    target = os.path.join(output, "summaries")
    if not os.path.exists(target) and "://" not in output:
        return set(), set()
    try:
        rows = spark.read.parquet(target).select("path", F.col("error").isNotNull().alias("failed")).collect()
    except Exception:
        return set(), set()
    return {row.path for row in rows if not row.failed}, {row.path for row in rows if row.failed}


def row_paths(local, stored, base):
    """(row path, local path) for each local recording: the path of the row already in OUT for
    the same file (`stored`: its rows' paths, relative ones of the folder `base`), however the
    file is named this time (`./logs/a.csv`, `/data/logs/a.csv`, a link, a run from another
    folder), so that a rerun neither summarises it again nor gives it a second row; else the
    path as given, relative ones made relative to `base` and lexically normalised
    (`logs/./a.csv` is `logs/a.csv`)."""
    known = {}
    for path in sorted(stored):
        if "://" not in path and os.path.exists(os.path.join(base, path)):
            known.setdefault(os.path.realpath(os.path.join(base, path)), path)

    def new_row_path(path):
        return os.path.normpath(path if os.path.isabs(path) else os.path.relpath(os.path.abspath(path), base))
    return [(known.get(os.path.realpath(path), None) or new_row_path(path), path) for path in local]


def relative_base(output):
    """The folder relative paths in OUT are of: the working directory of the run that first
    wrote it, kept in OUT/relative-to as a path from OUT (so that OUT and the data moved or
    copied together keep it; written now when OUT has none; a remote OUT: this run's)."""
    local = output.replace("file://", "", 1)
    if "://" in local:
        return os.getcwd()
    marker = os.path.join(local, "relative-to")
    try:
        with open(marker, encoding="utf-8") as text:
            return os.path.normpath(os.path.join(os.path.abspath(local), text.read().rstrip("\n") or "."))
    except FileNotFoundError:
        if os.path.exists(os.path.join(local, "summaries")):
            print(f"pedometer_spark: warning: {output} has rows but no relative-to (written before it was kept): their "
                  "relative paths are taken as of this run's folder; rerun from the folder of the first run, or --force",
                  file=sys.stderr)
        with open(marker, "w", encoding="utf-8") as text:
            text.write(os.path.relpath(os.getcwd(), os.path.abspath(local)) + "\n")
        return os.getcwd()


def remove_stale_attempt(spark, directory):
    """Removes DIRECTORY/_temporary, where a run killed during its write leaves its tasks'
    output: the next append's job commit would otherwise move it in as its own (rows twice)."""
    jvm = spark.sparkContext._jvm
    path = jvm.org.apache.hadoop.fs.Path(directory.rstrip("/") + "/_temporary")
    filesystem = path.getFileSystem(spark.sparkContext._jsc.hadoopConfiguration())
    if filesystem.exists(path):
        filesystem.delete(path, True)


def hadoop_path(spark, directory):
    """DIRECTORY as a Hadoop Path and its FileSystem (local or remote alike)."""
    path = spark.sparkContext._jvm.org.apache.hadoop.fs.Path(directory)
    return path, path.getFileSystem(spark.sparkContext._jsc.hadoopConfiguration())


def replace_directory(spark, directory):
    """Moves DIRECTORY.next, fully written, in place of DIRECTORY. A run killed in between
    leaves DIRECTORY.next complete (with _SUCCESS) and DIRECTORY gone: finish_replacing
    completes the move on the next run."""
    path, filesystem = hadoop_path(spark, directory)
    following, _ = hadoop_path(spark, directory + ".next")
    filesystem.delete(path, True)
    filesystem.rename(following, path)


def finish_replacing(spark, directory):
    """Completes a replace_directory a killed run left undone, or drops its partial DIRECTORY.next."""
    path, filesystem = hadoop_path(spark, directory)
    following, _ = hadoop_path(spark, directory + ".next")
    if not filesystem.exists(following):
        return
    if not filesystem.exists(path) and filesystem.exists(hadoop_path(spark, directory + ".next/_SUCCESS")[0]):
        filesystem.rename(following, path)
    else:
        filesystem.delete(following, True)


def folder_at(path, level):
    """The `level`-th folder of `path` (0 = the first), or "" when it has fewer."""
    folders = path.split("://", 1)[-1].strip("/").split("/")[:-1]
    return folders[level] if level < len(folders) else ""


def same_file_key(path):
    """What two spellings of one local file share (its real path); a remote URI as it is."""
    if "://" in path:
        return path
    return os.path.realpath(path) if os.path.lexists(path) else os.path.normpath(path)


def read_metadata(path, column):
    """{same_file_key(path): group} from a CSV's `path` column and its `column`; refuses a CSV
    that cannot be read or lacks either column."""
    try:
        # As a spreadsheet saves it: a byte-order mark, `;` or tabs.
        with open(path, encoding="utf-8-sig", newline="") as table:
            sample = table.read(4096)
            table.seek(0)
            try:
                dialect = csv.Sniffer().sniff(sample, delimiters=",;\t")
            except csv.Error:
                dialect = csv.excel
            reader = csv.DictReader(table, dialect=dialect)
            missing = [name for name in ("path", column) if name not in (reader.fieldnames or [])]
            if missing:
                refuse(f"{path}: no column {', '.join(missing)} (--metadata needs `path` and the --group-column; "
                       f"its columns: {', '.join(reader.fieldnames or [])})")
            return {same_file_key(record["path"]): record[column] for record in reader}
    except OSError as error:
        refuse(f"{path}: cannot be read ({error.strerror})")


def metadata_groups(spark, args, frame, metadata):
    """`frame` with each row's group: the --metadata row naming the same file however spelt.
    Says (one line each) how many recordings have no metadata row, and how many rows no recording."""
    # Rows' relative paths are of the folder of OUT's first run.
    base = relative_base(args.output)
    keys = {row.path: same_file_key(row.path if "://" in row.path else os.path.join(base, row.path))
            for row in frame.select("path").distinct().collect()}
    groups = {path: metadata.get(key) for path, key in keys.items()}
    unmatched = sorted(path for path, key in keys.items() if key not in metadata)
    unused = sorted(set(metadata) - set(keys.values()))
    if unmatched:
        print(f"pedometer_spark: warning: {len(unmatched)} recordings have no row in {args.metadata} (grouped "
              f"under None), e.g. {', '.join(unmatched[:3])}", file=sys.stderr)
    if unused:
        print(f"pedometer_spark: warning: {len(unused)} rows of {args.metadata} name no recording in {args.output}, "
              f"e.g. {', '.join(unused[:3])}", file=sys.stderr)
    return frame.join(spark.createDataFrame(list(groups.items()), "path string, group string"), "path", "left")


def write_summaries(spark, args, frame, count, failed_before, not_used):
    """Adds `frame`'s rows (`count` of them) to OUT/summaries, replacing the rows of the paths in
    `failed_before` that were retried, and says how many failed."""
    summaries = os.path.join(args.output, "summaries")
    retried = 0
    if failed_before:
        retried = frame.join(spark.createDataFrame([(path,) for path in failed_before], "path string"), "path").count()
    if retried:
        # The retried recordings' old error rows are replaced: the kept rows and the new ones
        # are written beside the output, then moved in place of it.
        kept = spark.read.parquet(summaries).join(frame.select("path"), "path", "left_anti")
        everything = kept.select(*SCHEMA.names).unionByName(frame)
        everything.write.mode("overwrite").parquet(summaries + ".next")
        replace_directory(spark, summaries)
    else:
        remove_stale_attempt(spark, summaries)
        frame.write.mode("overwrite" if args.force else "append").parquet(summaries)
    failed = frame.filter(F.col("error").isNotNull()).count()
    again = f", {retried} of them retried after failing before" if retried else ""
    print(f"pedometer_spark: {count} recordings summarised ({failed} failed{again}) into {args.output}{not_used}")


def write_jsonl(spark, args, summaries):
    """OUT/summaries-json: the whole of OUT/summaries as JSON Lines, written beside and moved in."""
    json_lines = os.path.join(args.output, "summaries-json")
    spark.read.parquet(summaries).write.mode("overwrite").json(json_lines + ".next")
    replace_directory(spark, json_lines)


def write_totals(spark, args, summaries, metadata):
    """Per-group totals of every row in `summaries` (recordings, failed, steps, distance,
    duration) to OUT/totals, grouped by --group-level or --metadata's --group-column, and
    printed."""
    frame = spark.read.parquet(summaries)
    if args.group_level is not None:
        level = args.group_level
        frame = frame.withColumn("group", F.udf(lambda path: folder_at(path, level), StringType())(F.col("path")))
    else:
        frame = metadata_groups(spark, args, frame, metadata)
    totals = (frame.groupBy("group")
              .agg(F.count("*").alias("recordings"), F.sum(F.col("error").isNotNull().cast("long")).alias("failed"),
                   # A group whose every recording failed counted no steps (its `failed` says why).
                   F.coalesce(F.sum("steps"), F.lit(0)).alias("steps"),
                   F.coalesce(F.sum("distanceMeters"), F.lit(0.0)).alias("distanceMeters"),
                   F.coalesce(F.sum("durationSeconds"), F.lit(0.0)).alias("durationSeconds"))
              .orderBy("group"))
    totals.write.mode("overwrite").parquet(os.path.join(args.output, "totals"))
    for row in totals.collect():
        print(f"  {row.group}: {row.recordings} recordings, {row.steps} steps, {row.distanceMeters:.0f} m")


def refuse(message, status=1):
    """Ends the run before any work, saying why in one line."""
    print(f"pedometer_spark: {message}", file=sys.stderr)
    raise SystemExit(status)


def check_output(output):
    """Refuses a local OUT that is a file (exit 1) or cannot be created or written (exit 74, as
    summarize's unwritable output), before any work; creates it."""
    local = output.replace("file://", "", 1)
    if "://" in local:
        return
    if os.path.exists(local) and not os.path.isdir(local):
        refuse(f"{output}: exists and is not a folder (the output is a folder of tables)")
    try:
        os.makedirs(local, exist_ok=True)
        tempfile.TemporaryFile(dir=local).close()
    except OSError as error:
        refuse(f"{output}: cannot be written ({error.strerror})", 74)


def at_least(least):
    """An argparse type: an integer not under `least`."""
    def number(text):
        value = int(text)
        if value < least:
            raise argparse.ArgumentTypeError(f"{value} is under {least}")
        return value
    return number


def summarize_options(binary_hint, text):
    """The --summarize-options words, checked by the binary before Spark starts (a usage error
    refused in one line, exit 64); the map step's own options are refused too."""
    try:
        options = shlex.split(text)
    except ValueError as error:
        refuse(f"--summarize-options: {error}", status=64)
    own = [word for word in options if word.split("=")[0] in ("--format", "--jobs", "--progress", "--output-dir", "--chart", "-")]
    if own:
        refuse(f"--summarize-options: {own[0]} is the map step's own (the options read recordings: --rate, --columns, --height …)", status=64)
    if options:
        process = subprocess.run([pedometer_binary(binary_hint), "summarize", "--format", "json", *options, "-"], input="", capture_output=True, text=True)
        if process.returncode == 64:
            refuse(f"--summarize-options: {(process.stderr.strip().splitlines() or ['not accepted'])[0]}", status=64)
        # Given no path, summarize prints nothing: what it printed is help or a version.
        if process.stdout.strip():
            refuse(f"--summarize-options: {' '.join(options)} prints {process.stdout.strip().splitlines()[0][:60]!r}, not summaries", status=64)
    return options


def main(argv=None):
    argv = list(sys.argv[1:] if argv is None else argv)
    # `--summarize-options '--strict'`: a value starting with a dash, which argparse takes for
    # an option unless joined to its name.
    for index in range(len(argv) - 1):
        if argv[index] == "--summarize-options":
            argv[index:index + 2] = [f"--summarize-options={argv[index + 1]}"]
            break
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("inputs", nargs="+")
    parser.add_argument("--output", required=True)
    parser.add_argument("--partitions", type=at_least(1), default=None, help="tasks (default: 2 per core Spark gives)")
    parser.add_argument("--pedometer", help="path of the pedometer binary on every machine")
    parser.add_argument("--force", action="store_true", help="redo the paths already in the output")
    parser.add_argument("--jsonl", action="store_true", help="also write JSON Lines")
    parser.add_argument("--group-level", type=at_least(0), help="per-group totals by this folder level of each path")
    parser.add_argument("--metadata", help="CSV with a path column, for --group-column")
    parser.add_argument("--group-column", help="per-group totals by this column of --metadata")
    parser.add_argument("--summarize-options", default="", metavar="'OPTIONS'",
                        help="reading options for every recording, one quoted string (e.g. '--rate 100 --height 1.8')")
    args = parser.parse_args(argv)
    if (args.metadata is None) != (args.group_column is None):
        parser.error("--metadata and --group-column go together")
    inputs = []
    for item in args.inputs:
        if item.startswith("@"):
            try:
                with open(item[1:], encoding="utf-8") as listing:
                    inputs += [line.strip() for line in listing if line.strip()]
            except OSError as error:
                refuse(f"{item}: cannot be read ({error.strerror})")
        else:
            inputs.append(item)
    metadata = read_metadata(args.metadata, args.group_column) if args.metadata else None
    options = summarize_options(args.pedometer, args.summarize_options)
    check_output(args.output)

    spark = SparkSession.builder.appName("pedometer").getOrCreate()
    sc = spark.sparkContext
    sc.setLogLevel("WARN")
    binary = pedometer_binary(args.pedometer)
    remote = [item for item in inputs if "://" in item and not item.startswith("file://")]
    local, unusable = local_recordings(binary, [item.replace("file://", "", 1) for item in inputs if item not in remote]) \
        if len(remote) < len(inputs) else ([], [])
    # As summarize does locally: an input that cannot be used is said, and the run exits 1.
    for line in unusable:
        print(f"pedometer_spark: {line}", file=sys.stderr)
    status = 1 if unusable else 0
    not_used = f"; unusable inputs: {len(unusable)} (said above)" if unusable else ""

    summaries = os.path.join(args.output, "summaries")
    for directory in (summaries, os.path.join(args.output, "summaries-json")):
        finish_replacing(spark, directory)
    # A resume skips the recordings summarised; those whose row is an error are retried.
    done, failed_before = (set(), set()) if args.force else done_paths(spark, args.output)
    local = [item for item in row_paths(local, done | failed_before, relative_base(args.output)) if item[0] not in done]
    partitions = args.partitions or max(2 * sc.defaultParallelism, 1)
    parts = []
    if local:
        parts.append(sc.parallelize(local, min(partitions, len(local))).mapPartitions(local_partition(args.pedometer, options)))
    for pattern in remote:
        files = sc.binaryFiles(pattern).filter(lambda item: item[0] not in done)
        parts.append(files.repartition(partitions).mapPartitions(remote_partition(args.pedometer, options)))
    frame = count = None
    if parts:
        rows = sc.union(parts) if len(parts) > 1 else parts[0]
        frame = spark.createDataFrame(rows, SCHEMA).cache()
        count = frame.count()
    if not count:
        print(f"pedometer_spark: nothing to do ({len(done)} recordings already in {args.output}){not_used}")
    else:
        write_summaries(spark, args, frame, count, failed_before, not_used)
    # JSON Lines and totals are of everything in OUT, so a rerun with nothing new writes them too.
    if args.jsonl and (count or done):
        write_jsonl(spark, args, summaries)
    if (args.group_level is not None or args.group_column) and (count or done):
        write_totals(spark, args, summaries, metadata)
    spark.stop()
    return status


if __name__ == "__main__":
    sys.exit(main())
