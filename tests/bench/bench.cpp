// xcount_bench: how fast the engine counts, in seconds and in Knuth's units.
//
//     xcount_bench [--repeat R] [--threads N] [--json] [FILE.dlx ...]
//     xcount_bench --scaling [--threads N]
//     xcount_bench --layer-threads [--threads N] [--repeat R]
//     xcount_bench --reduce
//
// The table: for each input and engine (dlx, cells, bits where the matrix fits; --engine picks one)
// (queens 12-15, the four pentomino rectangles, Scott's board,
// Langford 11, 4x4 sudoku grids, the Soma cube, and any DLX files given), the solutions,
// updates and nodes, the median seconds on one thread (unsplit) and on N threads (split at the
// automatic depth, default N = all cores), the one-thread update rate and the speed-up.
// --scaling: for 6x10 pentominoes and 14 queens, threads 1..N with the speed-up over one
// thread, the split overhead (updates split vs unsplit: equal by construction, checked) and
// the peak resident memory of `xcount count` on the same problem with 1 and with N threads.
// --choose: updates and nodes per item-choice rule (mrv, first, max, random, mrv-random) for
// 10 queens, the 3x20 pentomino board, the 4x4 sudoku grids and a 9x9 puzzle; 30 s cap each.
// --against NAME=COMMAND (repeatable): whole-process wall time of `xcount count /dev/stdin --threads 1
// --split-depth 0 --symmetry none` against each COMMAND run with the same problem in Knuth's DLX
// format on stdin (e.g. Knuth's DLX1 or SSXC1, built from his CWEB sources), on 6x10 and 5x12
// pentominoes, Scott's board and 13 queens, or on the DLX files given (Knuth's DLX6 on domino
// tilings, say: xcount then counts them as auto does, merging states); the runs are interleaved
// and the medians compared. A program whose output does not hold the solution count is flagged.
// --layer-threads: counts by layers of dominoes 20x20 and 22x22 and monomer-dimer 18x18 on one
// thread against N (default: all cores), paired in one process: each pair's speed-up, median and
// quartiles (pairing cancels the machine's drift over minutes, which unpaired medians do not),
// beside the machine's ceiling for the same work: N separate one-thread counts at once, their
// throughput against one alone (what shared cores, memory bandwidth and a host's turbo leave).
// --scan-methods: the scan engine's each_option against its conflict_masks (ScanMethod) on the
// standard inputs, and which one it picks by itself.
// --bits-forms: the bits engine's option lists against its option sets (small_bits.hpp) on the
// standard inputs with at most 512 options.
// --reduce: full count against --symmetry reduce, one thread, for 6x10 pentominoes, Scott's
// board, 12 and 13 queens and the Soma cube: updates, seconds and the reduced share of each.
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <thread>
#include <string>
#include <vector>

#include "langford.hpp"
#include "specialised.hpp"
#include "polyform.hpp"
#include "queens.hpp"
#include "sudoku.hpp"
#include "sudoku_generator.hpp"
#include "xcount/cells.hpp"
#include "xcount/dlx_format.hpp"
#include "xcount/plan.hpp"
#include "xcount/runner.hpp"
#include "xcount/small_bits.hpp"
#include "xcount/symmetry.hpp"

using namespace xcount;

namespace {

struct Input {
    std::string name;
    Matrix matrix;
};

struct Timing {
    SearchStats stats;
    double seconds = 0;
};

double now_seconds() { return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count(); }

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

// Median of `repeat` runs of a count on `threads` threads (1 thread: the plain unsplit search).
Timing measure(const Matrix& m, int threads, int repeat, EngineKind engine = EngineKind::automatic) {
    std::vector<double> times;
    Timing t;
    const Choice choice{engine == EngineKind::scan ? ChooseRule::scan : ChooseRule::mrv, 0};  // scan walks its own tree
    const Method method = decide_method(m, {.engine = engine, .choice = choice});
    for (int r = 0; r < repeat; ++r) {
        const double start = now_seconds();
        if (threads == 1) {
            t.stats = with_engine(method, m, [](auto& e) { return e.count(); });
        } else {
            const Split split = split_automatically(m, 64 * static_cast<std::size_t>(threads), {.choice = choice});
            t.stats = run_split(m, split, {}, RunOptions{.threads = threads, .engine = method.engine}).total;
        }
        times.push_back(now_seconds() - start);
    }
    t.seconds = median(times);
    return t;
}

std::vector<Input> standard_inputs() {
    const std::string pieces = XCOUNT_SOURCE_DIR "/problems/pieces/";
    const auto pentominoes = read_pieces_file(pieces + "pentominoes.txt");
    auto tiling = [&](const std::string& board) {
        return make_polyform(pentominoes, read_board(board), Orientations::free, Copies::once(), board).matrix;
    };
    std::vector<Input> in;
    for (int n : {12, 13, 14, 15}) in.push_back({"queens " + std::to_string(n), make_queens(n).matrix});
    for (const char* board : {"6x10", "5x12", "4x15", "3x20"}) in.push_back({std::string("pentominoes ") + board, tiling(board)});
    in.push_back({"pentominoes scott 8x8", tiling(XCOUNT_SOURCE_DIR "/problems/boards/scott-8x8.txt")});
    in.push_back({"langford 11", make_langford(11, false).matrix});
    in.push_back({"sudoku 2x2 grids", make_sudoku(2, 2, "").matrix});
    in.push_back({"soma cube",
                  make_polyform(read_pieces_file(pieces + "soma.txt"), read_board("3x3x3"), Orientations::one_sided, Copies::once(), "soma")
                      .matrix});
    return in;
}

// Peak resident set size (KiB) of the xcount CLI counting `args` on `threads` threads. It runs
// as a fresh process (fork and exec: forking after OpenMP has started threads is not safe).
long peak_rss_kib(const std::vector<std::string>& args, int threads) {
    std::vector<std::string> argv_text = {XCOUNT_BINARY, "count"};
    argv_text.insert(argv_text.end(), args.begin(), args.end());
    argv_text.insert(argv_text.end(), {"--threads", std::to_string(threads), "--json"});
    std::vector<char*> argv;
    for (auto& a : argv_text) argv.push_back(a.data());
    argv.push_back(nullptr);
    const pid_t pid = fork();
    if (pid == 0) {
        std::freopen("/dev/null", "w", stdout);
        execv(argv[0], argv.data());
        _exit(127);
    }
    int status = 0;
    rusage usage{};
    wait4(pid, &status, 0, &usage);
    return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? usage.ru_maxrss : -1;
}

int scaling(int max_threads) {
    const auto pentominoes = read_pieces_file(XCOUNT_SOURCE_DIR "/problems/pieces/pentominoes.txt");
    struct Scaled {
        Input input;
        std::vector<std::string> cli;  // the same problem for the xcount CLI
    };
    const std::vector<Scaled> inputs = {
        {{"pentominoes 6x10", make_polyform(pentominoes, read_board("6x10"), Orientations::free, Copies::once(), "6x10").matrix},
         {"polyomino", "--pieces", XCOUNT_SOURCE_DIR "/problems/pieces/pentominoes.txt", "--board", "6x10"}},
        {{"queens 14", make_queens(14).matrix}, {"queens", "--n", "14"}}};
    for (const auto& [in, cli] : inputs) {
        const Timing unsplit = measure(in.matrix, 1, 3);
        std::printf("%s (engine %s): unsplit, 1 thread: %.3f s, %llu updates\n", in.name.c_str(),
                    engine_name(decide_method(in.matrix, {}).engine), unsplit.seconds,
                    static_cast<unsigned long long>(unsplit.stats.updates));
        std::printf("%8s %8s %12s %10s %9s %15s\n", "threads", "depth", "subproblems", "seconds", "speed-up", "split overhead");
        double one = 0;
        for (int t = 1; t <= max_threads; ++t) {
            const Split split = split_automatically(in.matrix, 64 * static_cast<std::size_t>(t));
            std::vector<double> times;
            SearchStats total;
            for (int r = 0; r < 3; ++r) {
                const double start = now_seconds();
                total = run_split(in.matrix, split, {}, RunOptions{.threads = t, .engine = decide_method(in.matrix, {}).engine}).total;
                times.push_back(now_seconds() - start);
            }
            const double seconds = median(times);
            if (t == 1) one = seconds;
            const double overhead = 100.0 * (static_cast<double>(total.updates) - static_cast<double>(unsplit.stats.updates)) /
                                    static_cast<double>(unsplit.stats.updates);
            std::printf("%8d %8d %12zu %10.3f %8.2fx %14.3f%%%s\n", t, split.depth(), split.size(), seconds, one / seconds, overhead,
                        total.solutions == unsplit.stats.solutions ? "" : "  TOTAL DIFFERS");
            std::fflush(stdout);
        }
        std::printf("peak RSS of `xcount count`: %ld KiB with 1 thread, %ld KiB with %d threads\n\n", peak_rss_kib(cli, 1),
                    peak_rss_kib(cli, max_threads), max_threads);
        std::fflush(stdout);
    }
    return 0;
}

int reduction() {
    const std::string pieces = XCOUNT_SOURCE_DIR "/problems/pieces/";
    const auto pentominoes = read_pieces_file(pieces + "pentominoes.txt");
    std::vector<std::pair<std::string, Problem>> problems;
    problems.emplace_back("pentominoes 6x10", make_polyform(pentominoes, read_board("6x10"), Orientations::free, Copies::once(), ""));
    problems.emplace_back(
        "pentominoes scott 8x8",
        make_polyform(pentominoes, read_board(XCOUNT_SOURCE_DIR "/problems/boards/scott-8x8.txt"), Orientations::free, Copies::once(), ""));
    problems.emplace_back("queens 12", make_queens(12));
    problems.emplace_back("queens 13", make_queens(13));
    problems.emplace_back("soma cube", make_polyform(read_pieces_file(pieces + "soma.txt"), read_board("3x3x3"), Orientations::one_sided,
                                                     Copies::once(), ""));
    std::printf("%-24s %10s %14s %9s %14s %9s %9s %9s\n", "input", "solutions", "full updates", "seconds", "reduced", "seconds", "updates",
                "group");
    for (const auto& [name, p] : problems) {
        const Timing full = measure(p.matrix, 1, 1);
        const Group g = Group::generate(p.matrix, p.symmetries);
        const auto r = reduce(p.matrix, g);
        if (!r) continue;
        const double start = now_seconds();
        const Split split = split_reduced(*r, 0);
        const RunReport reduced = run_split(r->matrix, split, {}, RunOptions{.threads = 1, .engine = decide_method(r->matrix, {}).engine});
        const double seconds = now_seconds() - start;
        std::printf("%-24s %10s %14llu %8.3fs %14llu %8.3fs %8.1f%% %4zu of %zu%s\n", name.c_str(), to_string(full.stats.solutions).c_str(),
                    static_cast<unsigned long long>(full.stats.updates), full.seconds,
                    static_cast<unsigned long long>(reduced.total.updates), seconds,
                    100.0 * static_cast<double>(reduced.total.updates) / static_cast<double>(full.stats.updates), r->stabiliser.size(),
                    g.order(), reduced.total.solutions == full.stats.solutions ? "" : "  TOTAL DIFFERS");
        std::fflush(stdout);
    }
    return 0;
}

// xcount beside the specialised programs (specialised.hpp) on their own problems, one thread,
// in the same process, runs interleaved: pentomino rectangles counted in full (xcount as count
// picks: the scan engine), n queens with the mirror trick against xcount's --symmetry reduce
// (the engine count picks, bits, and the scan engine), dominoes and monomer-dimer coverings
// against the broken-profile transfer matrix (the frontier engine). Medians of `repeat`.
int specialised(int repeat) {
    const auto pentominoes = read_pieces_file(XCOUNT_SOURCE_DIR "/problems/pieces/pentominoes.txt");
    struct Row {
        std::string name;
        std::function<std::uint64_t()> reference;
        std::vector<std::pair<std::string, std::function<Count()>>> ours;
    };
    auto reduced = [](const Problem& p, EngineKind engine) {
        return [&p, engine] {
            const Group g = Group::generate(p.matrix, p.symmetries);
            const auto r = reduce(p.matrix, g);
            const Choice choice{engine == EngineKind::scan ? ChooseRule::scan : ChooseRule::mrv, 0};
            const Split split = split_reduced(*r, 0, choice);
            return run_split(r->matrix, split, {}, RunOptions{.threads = 1, .engine = engine}).total.solutions;
        };
    };
    std::vector<Problem> problems;
    problems.reserve(16);
    std::vector<Row> rows;
    for (auto [w, h] : {std::pair{6, 10}, {5, 12}, {4, 15}, {3, 20}}) {
        const std::string board = std::to_string(w) + "x" + std::to_string(h);
        const Problem& p = problems.emplace_back(make_polyform(pentominoes, read_board(board), Orientations::free, Copies::once(), board));
        rows.push_back({"pentominoes " + board,
                        [w, h] { return bench::pentomino_rectangles(w, h); },
                        {{"scan", [&p] {
                              return with_engine(Method{EngineKind::scan, Choice{ChooseRule::scan, 0}}, p.matrix,
                                                 [](auto& e) { return e.count(); })
                                  .solutions;
                          }}}});
    }
    for (int n : {12, 14, 15, 16}) {
        const Problem& p = problems.emplace_back(make_queens(n));
        rows.push_back({"queens " + std::to_string(n),
                        [n] { return bench::queens(n); },
                        {{"bits reduce", reduced(p, EngineKind::bits)}, {"scan reduce", reduced(p, EngineKind::scan)}}});
    }
    // Dominoes and monomer-dimer coverings against the broken-profile transfer matrix (its count
    // modulo 2^64: the rows compare low words), counted by layers.
    const auto by_layers = [](const Problem& p, int threads) {
        return [&p, threads] {
            Frontier engine(p.matrix);
            engine.set_threads(threads);
            return engine.count().solutions;
        };
    };
    for (auto [n, monominoes] : {std::pair{16, false}, {20, false}, {22, false}, {14, true}, {16, true}, {18, true}}) {
        const std::string board = std::to_string(n) + "x" + std::to_string(n);
        const char* pieces = monominoes ? "/problems/pieces/monomino-domino.txt" : "/problems/pieces/domino.txt";
        const Problem& p = problems.emplace_back(make_polyform(read_pieces_file(std::string(XCOUNT_SOURCE_DIR) + pieces), read_board(board),
                                                               Orientations::free, Copies::any(), board));
        rows.push_back({(monominoes ? "monomer-dimer " : "dominoes ") + board,
                        [n, monominoes] { return bench::domino_profile(n, n, monominoes); },
                        {{"frontier", by_layers(p, 1)}, {"2 threads", by_layers(p, 2)}}});
    }
    std::printf("%-20s %20s %11s  %s\n", "problem", "solutions (mod 2^64)", "specialised", "xcount (time, times the specialised)");
    for (const Row& row : rows) {
        std::vector<double> reference;
        std::vector<std::vector<double>> ours(row.ours.size());
        std::uint64_t expected = 0;
        bool same = true;
        for (int r = 0; r < repeat; ++r) {
            double start = now_seconds();
            expected = row.reference();
            reference.push_back(now_seconds() - start);
            for (std::size_t k = 0; k < row.ours.size(); ++k) {
                start = now_seconds();
                const std::vector<std::uint64_t> limbs = row.ours[k].second().limbs();
                same = same && (limbs.empty() ? 0 : limbs[0]) == expected;  // the low words (the profile counts modulo 2^64)
                ours[k].push_back(now_seconds() - start);
            }
        }
        std::printf("%-20s %20llu %10.3fs ", row.name.c_str(), static_cast<unsigned long long>(expected), median(reference));
        for (std::size_t k = 0; k < row.ours.size(); ++k)
            std::printf(" %s %.3fs %.2fx", row.ours[k].first.c_str(), median(ours[k]), median(ours[k]) / median(reference));
        std::printf("%s\n", same ? "" : "  COUNTS DIFFER");
        std::fflush(stdout);
    }
    std::printf("(one thread, median of %d interleaved runs in this process)\n", repeat);
    return 0;
}

// The median and quartiles of a sample.
std::string median_and_quartiles(std::vector<double> sample) {
    std::sort(sample.begin(), sample.end());
    const auto quantile = [&](double q) { return sample[static_cast<std::size_t>(q * static_cast<double>(sample.size() - 1) + 0.5)]; };
    char text[64];
    std::snprintf(text, sizeof text, "%.2fx (%.2f-%.2f)", quantile(0.5), quantile(0.25), quantile(0.75));
    return text;
}

// Counts by layers (the frontier engine) on one thread against `threads`, and `threads`
// separate one-thread counts at once, in turn in this process (`repeat` rounds, the order
// turned each round): each round's speed-up and ceiling, so that a drift of the machine over
// minutes moves a round's runs alike. The median and quartiles of those.
int layer_threads(int threads, int repeat) {
    const std::string pieces = XCOUNT_SOURCE_DIR "/problems/pieces/";
    std::printf("%-20s %10s %10s  %-26s %s\n", "problem", "1 thread", (std::to_string(threads) + " threads").c_str(),
                "speed-up: median (quartiles)", "ceiling: separate counts at once");
    for (auto [n, monominoes] : {std::pair{20, false}, {22, false}, {18, true}}) {
        const std::string board = std::to_string(n) + "x" + std::to_string(n);
        const Problem p = make_polyform(read_pieces_file(pieces + (monominoes ? "monomino-domino.txt" : "domino.txt")), read_board(board),
                                        Orientations::free, Copies::any(), board);
        const auto count = [&p](int t) {
            Frontier engine(p.matrix);
            engine.set_threads(t);
            return engine.count().solutions;
        };
        Count alone;
        bool same = true;
        const auto separate_at_once = [&] {
            std::vector<Count> each(static_cast<std::size_t>(threads));
            std::vector<std::thread> at_once;
            for (std::size_t k = 1; k < each.size(); ++k) at_once.emplace_back([&, k] { each[k] = count(1); });
            each[0] = count(1);
            for (std::thread& t : at_once) t.join();
            for (const Count& c : each) same = same && c == alone;
        };
        // (0: one thread; 1: `threads` threads; 2: `threads` separate one-thread counts at once)
        const std::array<std::function<void()>, 3> runs = {[&] { alone = count(1); }, [&] { same = same && count(threads) == alone; },
                                                           separate_at_once};
        std::vector<double> one, many, speed_up, ceiling;
        for (int r = 0; r < repeat; ++r) {
            std::array<double, 3> seconds{};
            for (int k = 0; k < 3; ++k) {
                const int run = (r % 2 == 0) ? k : 2 - k;  // (round 0 runs one thread first: the others' counts are checked against it)
                const double start = now_seconds();
                runs[static_cast<std::size_t>(run)]();
                seconds[static_cast<std::size_t>(run)] = now_seconds() - start;
            }
            one.push_back(seconds[0]), many.push_back(seconds[1]);
            speed_up.push_back(seconds[0] / seconds[1]);
            ceiling.push_back(threads * seconds[0] / seconds[2]);
        }
        std::printf("%-20s %9.3fs %9.3fs  %-26s %s%s\n", ((monominoes ? "monomer-dimer " : "dominoes ") + board).c_str(), median(one),
                    median(many), median_and_quartiles(speed_up).c_str(), median_and_quartiles(ceiling).c_str(),
                    same ? "" : "  COUNTS DIFFER");
        std::fflush(stdout);
    }
    std::printf("(%d rounds in this process, each one thread, %d threads and %d one-thread counts at once, in turn)\n", repeat, threads,
                threads);
    return 0;
}

// The scan engine's two ways of finding the free options at a node (ScanMethod) on the standard
// inputs, both on the scan rule's tree, one thread, unsplit, runs interleaved; medians of
// `repeat`, and the one the automatic method picks.
int scan_methods(int repeat) {
    std::printf("%-24s %10s %12s %12s %14s %8s  %s\n", "input", "solutions", "nodes", "each option", "conflict masks", "ratio", "auto");
    for (const Input& in : standard_inputs()) {
        if (!WideScan::fits(in.matrix)) continue;
        std::vector<double> each, masks;
        SearchStats a, b;
        for (int r = 0; r < repeat; ++r) {
            const auto timed = [&](ScanMethod method, SearchStats& stats) {
                const double start = now_seconds();
                if (Scan::fits(in.matrix)) {
                    Scan e(in.matrix, method);
                    stats = e.count();
                } else {
                    WideScan e(in.matrix, method);
                    stats = e.count();
                }
                return now_seconds() - start;
            };
            each.push_back(timed(ScanMethod::each_option, a));
            masks.push_back(timed(ScanMethod::conflict_masks, b));
        }
        const bool picks_masks =
            (Scan::fits(in.matrix) ? Scan(in.matrix).method() : WideScan(in.matrix).method()) == ScanMethod::conflict_masks;
        std::printf("%-24s %10s %12llu %11.3fs %13.3fs %7.2fx  %s%s\n", in.name.c_str(), to_string(a.solutions).c_str(),
                    static_cast<unsigned long long>(a.nodes), median(each), median(masks), median(each) / median(masks),
                    picks_masks ? "conflict masks" : "each option",
                    a.solutions == b.solutions && a.nodes == b.nodes && a.updates == b.updates ? "" : "  FIGURES DIFFER");
        std::fflush(stdout);
    }
    std::printf("(one thread, the scan rule's tree, median of %d interleaved runs in this process)\n", repeat);
    return 0;
}

// The bits engine's two forms on the standard inputs whose options fit a set of 512: option
// lists (BitsOf) against option sets (SmallBitsOf), the same tree and figures, one thread,
// unsplit, runs interleaved; medians of `repeat`.
int bits_forms(int repeat) {
    std::printf("%-24s %8s %10s %12s %12s %12s %12s %8s\n", "input", "options", "solutions", "nodes", "option lists", "sets of 256",
                "sets of 512", "ratio");
    for (const Input& in : standard_inputs()) {
        if (!WideBits::fits(in.matrix) || !SmallBits512::fits(in.matrix)) continue;
        std::vector<double> lists, sets, wide_sets;
        SearchStats a, b, c;
        const auto timed = [](auto&& engine, SearchStats& stats) {
            const double start = now_seconds();
            stats = engine.count();
            return now_seconds() - start;
        };
        const bool narrow = SmallBits::fits(in.matrix);
        for (int r = 0; r < repeat; ++r) {
            lists.push_back(Bits::fits(in.matrix) ? timed(Bits(in.matrix), a) : timed(WideBits(in.matrix), a));
            if (narrow) sets.push_back(timed(SmallBits(in.matrix), b));
            wide_sets.push_back(timed(SmallBits512(in.matrix), c));
        }
        if (!narrow) b = c;
        const double best = narrow ? median(sets) : median(wide_sets);
        char narrow_cell[32] = "-";
        if (narrow) std::snprintf(narrow_cell, sizeof narrow_cell, "%.3fs", median(sets));
        std::printf(
            "%-24s %8zu %10s %12llu %11.3fs %12s %11.3fs %7.2fx%s\n", in.name.c_str(), in.matrix.option_count(),
            to_string(a.solutions).c_str(), static_cast<unsigned long long>(a.nodes), median(lists), narrow_cell, median(wide_sets),
            median(lists) / best,
            a.solutions == b.solutions && a.nodes == b.nodes && a.updates == b.updates && c.nodes == a.nodes && c.updates == a.updates
                ? ""
                : "  FIGURES DIFFER");
        std::fflush(stdout);
    }
    std::printf("(one thread, unsplit, median of %d interleaved runs in this process; ratio: lists / the sets with_engine takes)\n",
                repeat);
    return 0;
}

// Updates and nodes per item-choice rule: the rule changes the tree by orders of magnitude.
// Each run stops after `cap` seconds (the table then says so: its figures are a lower bound).
int choice_rules(double cap) {
    const std::string pieces = XCOUNT_SOURCE_DIR "/problems/pieces/";
    const SudokuPuzzle puzzle = generate_sudoku({3, 3, 1, false}, 0);
    const std::vector<Input> inputs = {
        {"queens 10", make_queens(10).matrix},
        {"pentominoes 3x20",
         make_polyform(read_pieces_file(pieces + "pentominoes.txt"), read_board("3x20"), Orientations::free, Copies::once(), "").matrix},
        {"sudoku 2x2 grids", make_sudoku(2, 2, "").matrix},
        {"sudoku 9x9 puzzle (" + std::to_string(puzzle.clues) + " clues)", make_sudoku(3, 3, puzzle.givens).matrix}};
    const std::pair<const char*, Choice> rules[] = {{"mrv", {ChooseRule::mrv, 0}},
                                                    {"first", {ChooseRule::first, 0}},
                                                    {"max", {ChooseRule::max, 0}},
                                                    {"random (seed 1)", {ChooseRule::random, 1}},
                                                    {"mrv-random (seed 1)", {ChooseRule::mrv_random, 1}}};
    std::printf("%-32s %-20s %10s %16s %14s %10s\n", "input", "rule", "solutions", "updates", "nodes", "seconds");
    for (const Input& in : inputs)
        for (const auto& [name, choice] : rules) {
            std::atomic<bool> stop{false};
            std::thread watchdog([&] {
                const double until = now_seconds() + cap;
                while (!stop && now_seconds() < until) std::this_thread::sleep_for(std::chrono::milliseconds(20));
                stop = true;
            });
            Dancer d(in.matrix);
            d.set_choice(choice);
            const double start = now_seconds();
            const SearchStats s = d.count(Limits{.stop = &stop});
            const double seconds = now_seconds() - start;
            stop = true;
            watchdog.join();
            std::printf("%-32s %-20s %10s %16llu %14llu %9.3fs%s\n", in.name.c_str(), name, to_string(s.solutions).c_str(),
                        static_cast<unsigned long long>(s.updates), static_cast<unsigned long long>(s.nodes), seconds,
                        s.complete ? "" : "  (stopped: more than this)");
            std::fflush(stdout);
        }
    return 0;
}

struct Program {
    std::string name, command;  // command reads the DLX file on stdin
};

struct Run {
    double seconds = 0;
    std::string output;  // stdout and stderr together
};

Run run_shell(const std::string& command) {
    Run run;
    const double start = now_seconds();
    FILE* pipe = popen((command + " 2>&1").c_str(), "r");
    if (pipe == nullptr) throw InputError("cannot run: " + command);
    std::array<char, 4096> buffer{};
    while (std::fgets(buffer.data(), static_cast<int>(buffer.size()), pipe) != nullptr) run.output += buffer.data();
    const int status = pclose(pipe);
    run.seconds = now_seconds() - start;
    if (status != 0) throw InputError("exit status " + std::to_string(status) + " from: " + command);
    return run;
}

// xcount against other exact-cover programs, each a whole process on the same DLX file.
int against(const std::vector<Program>& others, const std::vector<std::string>& files, int repeat) {
    std::vector<Input> inputs;
    if (files.empty()) {
        const std::vector<std::string> compared = {"pentominoes 6x10", "pentominoes 5x12", "pentominoes scott 8x8", "queens 13"};
        for (Input& in : standard_inputs())
            if (std::find(compared.begin(), compared.end(), in.name) != compared.end()) inputs.push_back(std::move(in));
    }
    for (const auto& file : files) inputs.push_back({file, read_dlx_file(file)});
    std::vector<Program> programs = {
        {"xcount", std::string(XCOUNT_BINARY) + " count /dev/stdin --threads 1 --split-depth 0 --symmetry none"}};
    programs.insert(programs.end(), others.begin(), others.end());

    std::printf("%-24s %10s", "input", "solutions");
    for (const Program& p : programs) std::printf(" %12s", p.name.c_str());
    std::printf("   xcount's speed-up over each\n");
    char path[] = "/tmp/xcount-bench-XXXXXX";
    const int fd = mkstemp(path);
    if (fd < 0) throw InputError("cannot make a temporary file");
    close(fd);
    for (const Input& in : inputs) {
        {
            std::ofstream out(path);
            write_dlx(out, in.matrix);
        }
        const Method method = decide_method(in.matrix, {.choice = {}, .rule_given = false});  // what count's auto does
        const std::string expected = to_string(with_engine(method, in.matrix, [](auto& e) { return e.count(); }).solutions);
        std::vector<std::vector<double>> times(programs.size());
        std::vector<bool> counted(programs.size(), true);
        for (int r = 0; r < repeat; ++r)
            for (std::size_t k = 0; k < programs.size(); ++k) {
                const Run run = run_shell(programs[k].command + " < " + path);
                times[k].push_back(run.seconds);
                counted[k] = counted[k] && run.output.find(expected) != std::string::npos;
            }
        std::printf("%-24s %10s", in.name.c_str(), expected.c_str());
        for (std::size_t k = 0; k < programs.size(); ++k) std::printf(" %11.3fs", median(times[k]));
        std::printf("  ");
        for (std::size_t k = 1; k < programs.size(); ++k)
            std::printf(" %s %.2fx", programs[k].name.c_str(), median(times[k]) / median(times[0]));
        for (std::size_t k = 0; k < programs.size(); ++k)
            if (!counted[k]) std::printf("  (%s's output lacks %s)", programs[k].name.c_str(), expected.c_str());
        std::printf("\n");
        std::fflush(stdout);
    }
    std::remove(path);
    std::printf("(whole processes, wall time, median of %d interleaved runs)\n", repeat);
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    int repeat = 5, threads = resolve_threads(0);
    bool json = false, scale = false, reduced = false, rules = false, special = false, methods = false, forms = false, layers = false;
    std::vector<EngineKind> engines = {EngineKind::dlx, EngineKind::cells, EngineKind::bits, EngineKind::scan};
    std::vector<std::string> files;
    std::vector<Program> others;
    for (int k = 1; k < argc; ++k) {
        const std::string arg = argv[k];
        if (arg == "--repeat" && k + 1 < argc)
            repeat = std::max(1, std::atoi(argv[++k]));
        else if (arg == "--threads" && k + 1 < argc)
            threads = std::max(1, std::atoi(argv[++k]));
        else if (arg == "--json")
            json = true;
        else if (arg == "--engine" && k + 1 < argc) {
            const std::string e = argv[++k];
            if (e == "dlx")
                engines = {EngineKind::dlx};
            else if (e == "cells")
                engines = {EngineKind::cells};
            else if (e == "bits")
                engines = {EngineKind::bits};
            else if (e == "scan")
                engines = {EngineKind::scan};
        } else if (arg == "--against" && k + 1 < argc) {
            const std::string spec = argv[++k];
            const auto eq = spec.find('=');
            if (eq == std::string::npos || eq == 0) {
                std::fprintf(stderr, "xcount_bench: --against needs NAME=COMMAND, not '%s'\n", spec.c_str());
                return 2;
            }
            others.push_back({spec.substr(0, eq), spec.substr(eq + 1)});
        } else if (arg == "--scaling")
            scale = true;
        else if (arg == "--reduce")
            reduced = true;
        else if (arg == "--choose")
            rules = true;
        else if (arg == "--specialised")
            special = true;
        else if (arg == "--scan-methods")
            methods = true;
        else if (arg == "--bits-forms")
            forms = true;
        else if (arg == "--layer-threads")
            layers = true;
        else if (arg == "--help" || arg == "-h") {
            std::puts(
                "usage: xcount_bench [--repeat R] [--threads N] [--engine dlx|cells|bits|scan|all] [--json] [FILE.dlx ...] | "
                "--scaling [--threads N] | --layer-threads [--threads N] [--repeat R] | --reduce | --choose | --specialised [--repeat R] | "
                "--scan-methods [--repeat R] | --bits-forms "
                "[--repeat R] | --against "
                "NAME=COMMAND ... [--repeat R] "
                "[FILE.dlx ...]");
            return 0;
        } else
            files.push_back(arg);
    }
    try {
        if (scale) return scaling(threads);
        if (reduced) return reduction();
        if (rules) return choice_rules(30);
        if (special) return specialised(repeat);
        if (layers) return layer_threads(threads, repeat);
        if (methods) return scan_methods(repeat);
        if (forms) return bits_forms(repeat);
        if (!others.empty()) return against(others, files, repeat);
        std::vector<Input> inputs = standard_inputs();
        for (const auto& file : files) inputs.push_back({file, read_dlx_file(file)});
        if (!json)
            std::printf("%-24s %6s %10s %14s %11s %9s %9s %10s %8s\n", "input", "engine", "solutions", "updates", "nodes", "1 thread",
                        (std::to_string(threads) + " threads").c_str(), "Mupdates/s", "speed-up");
        for (const Input& in : inputs)
            for (EngineKind engine : engines) {
                if ((engine == EngineKind::bits || engine == EngineKind::scan) && !WideBits::fits(in.matrix)) continue;  // over 256 items
                const char* engine_name = xcount::engine_name(engine);
                const Timing single = measure(in.matrix, 1, repeat, engine), many = measure(in.matrix, threads, repeat, engine);
                const double rate = static_cast<double>(single.stats.updates) / single.seconds / 1e6;
                if (json) {
                    std::printf(
                        "{\"input\": \"%s\", \"engine\": \"%s\", \"solutions\": %s, \"updates\": %llu, \"nodes\": %llu, \"seconds_1\": "
                        "%.6f, "
                        "\"threads\": %d, \"seconds_n\": %.6f, \"mupdates_per_s\": %.1f, \"speedup\": %.3f}\n",
                        in.name.c_str(), engine_name, to_string(single.stats.solutions).c_str(),
                        static_cast<unsigned long long>(single.stats.updates), static_cast<unsigned long long>(single.stats.nodes),
                        single.seconds, threads, many.seconds, rate, single.seconds / many.seconds);
                } else {
                    std::printf("%-24s %6s %10s %14llu %11llu %8.3fs %8.3fs %10.1f %7.2fx%s\n", in.name.c_str(), engine_name,
                                to_string(single.stats.solutions).c_str(), static_cast<unsigned long long>(single.stats.updates),
                                static_cast<unsigned long long>(single.stats.nodes), single.seconds, many.seconds, rate,
                                single.seconds / many.seconds,
                                many.stats.updates == single.stats.updates && many.stats.solutions == single.stats.solutions
                                    ? ""
                                    : "  SPLIT DIFFERS");
                }
                std::fflush(stdout);
            }
        if (!json)
            std::printf("(median of %d runs; 1 thread: unsplit search; %d threads: split at the automatic depth)\n", repeat, threads);
    } catch (const InputError& e) {
        std::fprintf(stderr, "xcount_bench: %s\n", e.what());
        return 2;
    }
    return 0;
}
