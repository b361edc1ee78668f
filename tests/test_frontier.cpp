// The frontier engine (counting by layers): counts equal to a brute force over option subsets
// on random matrices with secondary items, split and threaded; the published domino and
// monomer-dimer counts; whole families against identities that need no program (Fibonacci
// numbers on 2 x n, the 4 x n recurrence); its own order of the items; and its refusals.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <barrier>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <random>
#include <numeric>
#include <sstream>
#include <thread>

#include "bench/specialised.hpp"
#include "helpers.hpp"
#include "polyform.hpp"
#include "queens.hpp"
#include "search/frontier_layer.hpp"
#include "xcount/dlx_format.hpp"
#include "xcount/engines.hpp"
#include "xcount/runner.hpp"
#include "xcount/split.hpp"

using namespace xcount;

namespace {

const std::string kPieces = XCOUNT_SOURCE_DIR "/problems/pieces/";

Problem tiling(const std::string& pieces, int rows, int columns) {
    const std::string board = std::to_string(rows) + "x" + std::to_string(columns);
    return make_polyform(read_pieces_file(kPieces + pieces + ".txt"), read_board(board), Orientations::free, Copies::any(), board);
}

Count by_layers(const Matrix& m) {
    Frontier engine(m);
    const SearchStats s = engine.count();
    REQUIRE(s.complete);
    return s.solutions;
}

// Domino tilings of 2 x n are the Fibonacci numbers: F(n + 1), with F(1) = F(2) = 1.
Count fibonacci(int n) {
    Count a = 0, b = 1;
    for (int k = 0; k < n; ++k) {
        Count next = a + b;
        a = std::move(b);
        b = std::move(next);
    }
    return a;
}

// The boards rows x 1..columns as one family: each cell's item grows with its column.
std::vector<std::uint32_t> growth_by_column(const Matrix& m, int rows, int columns) {
    std::vector<std::uint32_t> growth(m.item_count(), 0);
    for (const Cell& c : square_lattice().rectangle(rows, columns))
        growth[static_cast<std::size_t>(*m.find_item(square_lattice().item_name(c, false)))] = static_cast<std::uint32_t>(c[0] + 1);
    return growth;
}

// Every term of the family rows x 1..columns, in one sweep on `threads` threads.
std::vector<Count> family_terms(const Matrix& m, int rows, int columns, int threads = 1) {
    Frontier engine(m);
    engine.set_threads(threads);
    std::vector<Count> terms;
    engine.follow_family(growth_by_column(m, rows, columns), [&](std::uint32_t n, const Count& count) {
        CHECK(n == terms.size() + 1);  // in order, none left out
        terms.push_back(count);
    });
    const SearchStats s = engine.count();
    REQUIRE(s.complete);
    CHECK(s.solutions == terms.back());
    return terms;
}

}  // namespace

TEST_CASE("frontier: counts what brute force counts on random matrices with secondary items", "[frontier][oracle]") {
    std::mt19937 rng(50);
    std::uint64_t merged = 0;
    for (int trial = 0; trial < 400; ++trial) {
        const Matrix m = test::random_matrix(rng, 3 + trial % 7, trial % 5, 6 + trial % 15);
        INFO("trial " << trial);
        Frontier engine(m);
        const SearchStats s = engine.count();
        REQUIRE(s.complete);
        REQUIRE(s.solutions == test::brute_force_count(m));
        merged += s.merged;
    }
    CHECK(merged > 100);  // states met again were merged, not only walked
}

TEST_CASE("frontier: the subproblems of every split add up on 1 and 2 threads, and a prefix is replayed", "[frontier][split]") {
    std::mt19937 rng(51);
    for (int trial = 0; trial < 60; ++trial) {
        const Matrix m = test::random_matrix(rng, 5 + trial % 5, trial % 3, 12 + trial % 9);
        INFO("trial " << trial);
        const Count truth = test::brute_force_count(m);
        for (int depth : {0, 1, 2, 3})
            for (int threads : {1, 2}) {
                const RunReport r =
                    run_split(m, split_at_depth(m, depth), {}, RunOptions{.threads = threads, .engine = EngineKind::frontier});
                REQUIRE(r.total.complete);
                REQUIRE(r.total.solutions == truth);
            }
    }
}

TEST_CASE("frontier: threads share the long layers, with the same counts on 1, 2 and 3 threads, past 2^128",
          "[frontier][threads][runner]") {
    // Dominoes on 18 x 18 (OEIS A004003 a(9), above 2^128: the counts widen while the layers
    // are shared) and monomer-dimer coverings of 9 x 9 with the same Frontier counting again.
    const Problem dominoes = tiling("domino", 18, 18);
    const Problem monomer_dimer = tiling("monomino-domino", 9, 9);
    Frontier a(dominoes.matrix), b(monomer_dimer.matrix);
    SearchStats alone;
    std::vector<std::uint64_t> layers_alone;
    for (int threads : {1, 2, 3}) {
        INFO(threads << " threads");
        a.set_threads(threads);
        b.set_threads(threads);
        const SearchStats s = a.count();
        CHECK(s.solutions == *parse_count("548943583215388338077567813208427340288"));
        CHECK(a.figures().count_words > 2);
        CHECK(b.count().solutions == *parse_count("10185111919160666118608"));  // OEIS A028420 a(9)
        if (threads == 1) alone = s, layers_alone = a.figures().states;
        CHECK(a.figures().states == layers_alone);  // each layer's states, runs carried shard by shard included
        // Placed by the bits the steps ahead leave alone, a state meets its equals in the
        // shard its maker's bits pick: the same states on any number of threads, and (the
        // window of 18 x 18 always keeps enough such bits) none handed through boxes.
        CHECK(s.nodes == alone.nodes);
        CHECK(s.merged == alone.merged);
        CHECK(a.figures().handed_over == 0);
    }
    // Through the runner: one subproblem, its two threads given to the engine.
    const RunReport run =
        run_split(dominoes.matrix, split_at_depth(dominoes.matrix, 0), {}, RunOptions{.threads = 2, .engine = EngineKind::frontier});
    CHECK(run.total.solutions == *parse_count("548943583215388338077567813208427340288"));
}

TEST_CASE("frontier: a long layer with too few bits left alone is handed over through boxes, the same on 1, 2 and 3 threads",
          "[frontier][threads]") {
    // 12 queens: the rows' and columns' options reach across most of the window, so some long
    // layers have no bits to place their states by.
    const Problem queens = make_queens(12);
    Frontier engine(queens.matrix);
    SearchStats alone;
    for (int threads : {1, 2, 3}) {
        INFO(threads << " threads");
        engine.set_threads(threads);
        const SearchStats s = engine.count();
        CHECK(s.solutions == 14200);  // OEIS A000170 a(12)
        if (threads == 1) alone = s;
        CHECK(s.nodes == alone.nodes);
        CHECK(s.merged == alone.merged);
        CHECK((engine.figures().handed_over > 0) == (threads > 1));
    }
}

TEST_CASE("frontier: dense layers' shards numbered by some of their bits, the same on 1, 2 and 3 threads, past 2^128",
          "[frontier][threads]") {
    // Monomer-dimer coverings of 13 x 13: nearly every window state occurs, so the shards of a
    // run are numbered by the values of bits its steps leave alone, each shard a dense layer
    // with those bits fixed (8 shards on 2 threads, 16 on 3).
    const Problem board = tiling("monomino-domino", 13, 13);
    Frontier engine(board.matrix);
    SearchStats alone;
    std::vector<std::uint64_t> layers_alone;
    for (int threads : {1, 2, 3}) {
        INFO(threads << " threads");
        engine.set_threads(threads);
        const SearchStats s = engine.count();
        CHECK(s.solutions == *parse_count("59956919824257750508655631107474672284499736089"));  // OEIS A028420 a(13)
        if (threads == 1) alone = s, layers_alone = engine.figures().states;
        CHECK(engine.figures().states == layers_alone);
        CHECK(s.nodes == alone.nodes);
        CHECK(s.merged == alone.merged);
        CHECK(engine.figures().handed_over == 0);
        CHECK((engine.figures().numbered > s.nodes / 2) == (threads > 1));
    }
}

TEST_CASE("frontier layer: keys with fixed bits, hashed and then under a direct index over the other bits", "[frontier]") {
    // 12-bit keys whose bits 4..6 are 101: 512 of them. The first fill has no earlier size to go
    // by and hashes; the second, sized by the first, is dense enough for a direct index.
    constexpr std::uint64_t kFixed = 0b111 << 4, kValue = 0b101 << 4;
    std::vector<std::uint64_t> keys;
    for (std::uint64_t key = 0; key < 4096; ++key)
        if ((key & kFixed) == kValue) keys.push_back(key);
    layers::Layer<std::uint64_t> layer;
    for (int fill = 0; fill < 2; ++fill) {
        INFO("fill " << fill);
        layer.reset({}, 12, kFixed, kValue);
        CHECK(layer.direct() == (fill == 1));
        layers::Adds<std::uint64_t> adds({});
        for (int twice = 0; twice < 2; ++twice)
            for (const std::uint64_t& key : keys) adds.put(layer, key, &key);
        adds.flush();
        CHECK(adds.fits);
        CHECK(adds.merged == keys.size());
        CHECK(layer.size() == keys.size());
        for (std::uint64_t key : keys) {
            const std::size_t at = layer.find(key);
            REQUIRE(at != layer.kNone);
            CHECK(layer.key(at) == key);
            CHECK(*layer.count(at) == 2 * key);
        }
        CHECK(layer.find(kFixed) == layer.kNone);                           // its fixed bits otherwise
        CHECK(layer.find(kValue | std::uint64_t{1} << 12) == layer.kNone);  // beyond the key's bits
    }
}

TEST_CASE("frontier: visits the solutions it counts (by dancing links)", "[frontier]") {
    const Problem p = tiling("domino", 4, 4);
    Frontier engine(p.matrix);
    Count visited = 0;
    const SearchStats s = engine.search([&](std::span<const OptionId> solution) { visited += solution.size() == 8 ? 1 : 0; });
    CHECK(s.solutions == 36);  // OEIS A004003 a(2)
    CHECK(visited == 36);
}

TEST_CASE("frontier: published domino and monomer-dimer counts, past 2^128", "[frontier][published]") {
    // OEIS A004003: domino tilings of the 2n x 2n board.
    CHECK(by_layers(tiling("domino", 8, 8).matrix) == 12988816);
    CHECK(by_layers(tiling("domino", 16, 16).matrix) == *parse_count("2444888770250892795802079170816"));
    CHECK(by_layers(tiling("domino", 20, 20).matrix) == *parse_count("1269984011256235834242602753102293934298576249856"));
    // OEIS A028420: monomer-dimer coverings of the n x n board.
    const char* monomer_dimer[] = {
        "1", "7", "131", "10012", "2810694", "2989126727", "11945257052321", "179788343101980135", "10185111919160666118608"};
    for (int n = 1; n <= 9; ++n) {
        INFO("n = " << n);
        CHECK(by_layers(tiling("monomino-domino", n, n).matrix) == *parse_count(monomer_dimer[n - 1]));
    }
}

// The low word of each count against the textbook broken-profile transfer matrix (a dense array
// over the profiles, counts modulo 2^64: tests/bench/specialised.cpp), a program of its own.
void check_against_profile(int from, int to, int threads) {
    for (int n = from; n <= to; ++n)
        for (bool monominoes : {false, true}) {
            INFO((monominoes ? "monomer-dimer " : "dominoes ") << n << " x " << n);
            const Problem board = tiling(monominoes ? "monomino-domino" : "domino", n, n);
            Frontier engine(board.matrix);
            engine.set_threads(threads);
            const std::vector<std::uint64_t> limbs = engine.count().solutions.limbs();
            CHECK((limbs.empty() ? 0 : limbs[0]) == bench::domino_profile(n, n, monominoes));
        }
}

TEST_CASE("frontier: dominoes and monomer-dimer coverings of n x n agree with a broken-profile counter", "[frontier][reference]") {
    check_against_profile(1, 15, 2);
    // OEIS A028420 a(10..13) (Ekhad and Zeilberger; Henry's table of n = 0..21).
    CHECK(by_layers(tiling("monomino-domino", 10, 10).matrix) == *parse_count("2172138783673094193937750015"));
    CHECK(by_layers(tiling("monomino-domino", 11, 11).matrix) == *parse_count("1743829823240164494694386437970640"));
    CHECK(by_layers(tiling("monomino-domino", 12, 12).matrix) == *parse_count("5270137993816086266962874395450234534887"));
    CHECK(by_layers(tiling("monomino-domino", 13, 13).matrix) == *parse_count("59956919824257750508655631107474672284499736089"));
}

namespace {

// Per number of copies of piece `piece`, the solutions: by enumeration (dancing links).
std::vector<Count> enumerated_by_piece(const Problem& p, std::uint32_t piece) {
    std::vector<Count> by;
    Dancer dancer(p.matrix);
    dancer.search([&](std::span<const OptionId> solution) {
        const auto k = static_cast<std::size_t>(std::count_if(
            solution.begin(), solution.end(), [&](OptionId o) { return p.option_piece[static_cast<std::size_t>(o)] == piece; }));
        if (by.size() <= k) by.resize(k + 1);
        by[k] += 1;
    });
    return by;
}

std::vector<Count> by_piece(const Problem& p, std::uint32_t piece, int threads = 1) {
    Frontier engine(p.matrix);
    engine.set_threads(threads);
    std::vector<char> marked;
    for (std::uint32_t placed : p.option_piece) marked.push_back(placed == piece ? 1 : 0);
    engine.count_by(marked);
    const SearchStats s = engine.count();
    std::vector<Count> by = engine.figures().by_marked;
    Count sum = 0;
    for (const Count& c : by) sum += c;
    CHECK(sum == s.solutions);  // the terms add up to the total
    while (!by.empty() && by.back() == 0) by.pop_back();
    return by;
}

}  // namespace

TEST_CASE("frontier: counts by piece equal an enumeration on every board up to 4 x 5", "[frontier][by-piece]") {
    for (int rows = 1; rows <= 4; ++rows)
        for (int columns = 1; columns <= 5; ++columns) {
            INFO(rows << " x " << columns);
            const Problem p = tiling("monomino-domino", rows, columns);
            REQUIRE(p.piece_names.size() == 2);
            for (std::uint32_t piece : {0u, 1u}) CHECK(by_piece(p, piece) == enumerated_by_piece(p, piece));
        }
    const Problem trominoes = tiling("trominoes", 3, 4);
    CHECK(by_piece(trominoes, 1, 2) == enumerated_by_piece(trominoes, 1));
}

TEST_CASE("frontier: monomino-domino coverings of 8 x 8 by the number of dominoes", "[frontier][by-piece]") {
    const Problem p = tiling("monomino-domino", 8, 8);
    const std::uint32_t domino = p.piece_names[0] == "D" ? 0 : 1;
    REQUIRE(p.piece_names[domino] == "D");
    for (int threads : {1, 2}) {
        const std::vector<Count> by = by_piece(p, domino, threads);
        REQUIRE(by.size() == 33);
        Count sum = 0;
        for (const Count& c : by) sum += c;
        CHECK(sum == *parse_count("179788343101980135"));  // OEIS A028420 a(8)
        CHECK(by[0] == 1);                                 // all monominoes
        CHECK(by[1] == 112);                               // one domino: 2 * 8 * 7 places
        CHECK(by[32] == 12988816);                         // no monomino: OEIS A004003 a(4)
    }
}

// Minutes: ctest -L long (XCOUNT_LONG_TESTS).
TEST_CASE("frontier: the same up to 20 x 20", "[.reference-to-20]") { check_against_profile(16, 20, 2); }

TEST_CASE("frontier: domino tilings of 2 x n are Fibonacci numbers, up to 2 x 10,000", "[frontier][identity]") {
    for (int n : {1, 2, 3, 10, 93, 94, 200, 10000}) {
        INFO("2 x " << n);
        CHECK(by_layers(tiling("domino", 2, n).matrix) == fibonacci(n + 1));  // a count of 6,942 bits at n = 10,000
    }
}

TEST_CASE("frontier: domino tilings of 4 x n follow their recurrence (OEIS A005178)", "[frontier][identity]") {
    // a(n) = a(n-1) + 5 a(n-2) + a(n-3) - a(n-4), a(0..3) = 1, 1, 5, 11.
    std::vector<Count> a = {1, 1, 5, 11};
    for (std::size_t n = 4; n <= 120; ++n) a.push_back(a[n - 1] + 5 * a[n - 2] + a[n - 3] - a[n - 4]);
    for (std::size_t n = 1; n <= 120; n += n < 12 ? 1 : 9) {
        INFO("4 x " << n);
        CHECK(by_layers(tiling("domino", 4, static_cast<int>(n)).matrix) == a[n]);
    }
}

TEST_CASE("frontier: a family of boards in one sweep: 4 x 1..1000 by the recurrence, 2 x 1..300 Fibonacci", "[frontier][family]") {
    std::vector<Count> a = {1, 1, 5, 11};  // OEIS A005178, as above
    for (std::size_t n = 4; n <= 1000; ++n) a.push_back(a[n - 1] + 5 * a[n - 2] + a[n - 3] - a[n - 4]);
    const std::vector<Count> terms = family_terms(tiling("domino", 4, 1000).matrix, 4, 1000, 2);
    REQUIRE(terms.size() == 1000);
    for (std::size_t n = 1; n <= 1000; ++n) REQUIRE(terms[n - 1] == a[n]);
    const std::vector<Count> fibonacci_terms = family_terms(tiling("domino", 2, 300).matrix, 2, 300);
    for (int n = 1; n <= 300; ++n) REQUIRE(fibonacci_terms[static_cast<std::size_t>(n - 1)] == fibonacci(n + 1));
}

TEST_CASE("frontier: each term of a family is the count of its own board, zeros and monominoes included", "[frontier][family]") {
    for (const char* pieces : {"domino", "monomino-domino", "tetrominoes"}) {
        for (int rows : {1, 3, 4}) {
            const int columns = rows == 4 && std::string(pieces) == "tetrominoes" ? 8 : 12;
            const std::vector<Count> terms = family_terms(tiling(pieces, rows, columns).matrix, rows, columns);
            for (int n = 1; n <= columns; ++n) {
                INFO(pieces << " on " << rows << " x " << n);
                const Problem board = tiling(pieces, rows, n);
                CHECK(terms[static_cast<std::size_t>(n - 1)] == by_layers(board.matrix));
                const Method dlx{EngineKind::dlx, Choice{ChooseRule::mrv, 0}};
                if (n <= 6)
                    CHECK(terms[static_cast<std::size_t>(n - 1)] ==
                          with_engine(dlx, board.matrix, [](auto& e) { return e.count(); }).solutions);
            }
        }
    }
}

TEST_CASE("frontier: orders the items itself, so a file along the long side keeps a narrow window", "[frontier][order]") {
    // Dominoes on 6 x 60 written along the rows of 60: the file's order has a window of 60
    // items; reverse Cuthill-McKee's goes along the 6.
    const Problem model = tiling("domino", 6, 60);
    std::ostringstream text;
    write_dlx(text, model.matrix);
    std::istringstream in(text.str());
    const Matrix along_rows = read_dlx(in, "6x60.dlx");
    REQUIRE(along_rows.scan_order().size() == 360);
    Frontier engine(along_rows);
    const SearchStats s = engine.count();
    CHECK(engine.figures().widest <= 8);
    CHECK(s.solutions == by_layers(model.matrix));
    const Method memo{EngineKind::memo, Choice{ChooseRule::scan, 0}};
    CHECK(s.solutions == with_engine(memo, model.matrix, [](auto& e) { return e.count(); }).solutions);  // another engine
}

TEST_CASE("frontier: an item no option holds gives 0 at once, with no layer moved", "[frontier]") {
    // A path of 40 items, two at a time, then one item that no option holds: the layers would
    // carry the path's states to it before they died.
    std::string text = "";
    for (int i = 0; i < 40; ++i) text += "x" + std::to_string(i) + " ";
    text += "z\n";
    for (int i = 0; i + 1 < 40; ++i) text += "x" + std::to_string(i) + " x" + std::to_string(i + 1) + "\n";
    const Matrix m = test::dlx(text);
    Frontier engine(m);
    const SearchStats s = engine.count();
    CHECK(s.complete);
    CHECK(s.solutions == 0);
    CHECK(s.nodes == 0);
    CHECK(by_layers(test::dlx("a b\na\nb\n")) == 1);  // each held: counted as before
}

TEST_CASE("frontier: a trial counts within a budget of states, or stops before the layer that passes it", "[frontier][trial]") {
    const Problem p = tiling("domino", 6, 6);
    Frontier engine(p.matrix);
    const SearchStats whole = engine.count();
    REQUIRE(whole.complete);
    CHECK(whole.solutions == 6728);  // OEIS A004003 a(3)
    const SearchStats enough = engine.count_within(whole.nodes);
    CHECK(enough.complete);
    CHECK(enough.solutions == whole.solutions);
    const SearchStats short_of_it = engine.count_within(whole.nodes - 1);
    CHECK_FALSE(short_of_it.complete);
    CHECK(short_of_it.solutions == 0);
    CHECK(short_of_it.nodes < whole.nodes);
    CHECK(engine.count().solutions == whole.solutions);  // the budget was for that count alone
}

TEST_CASE("frontier: refuses multiplicities as written and a window wider than 128 items", "[frontier][bad-input]") {
    CHECK_THROWS_WITH(Frontier(test::dlx("2:3|a b\na\nb\na b\n")), Catch::Contains("the frontier engine takes no multiplicities"));
    // One option holds all 200 items (and each has one of its own): whatever the order, the
    // window after the first item holds the other 199.
    MatrixBuilder b;
    std::vector<ItemId> all;
    for (int i = 0; i < 200; ++i) all.push_back(b.add_item("i" + std::to_string(i), Kind::primary));
    b.add_option(all);
    for (ItemId i : all) b.add_option({i});
    const Matrix star = std::move(b).build();
    Frontier engine(star);
    CHECK_THROWS_WITH(engine.count(), Catch::Contains("more than 128") && Catch::Contains("--engine memo or dlx"));
}

TEST_CASE("frontier: a layers file that is not whole, or not a layers file, is refused", "[frontier][bad-input]") {
    const std::string path =
        (std::filesystem::temp_directory_path() / ("xcount-test-frontier-layers-" + std::to_string(::getpid()))).string();
    const Problem p = tiling("domino", 4, 4);
    Frontier engine(p.matrix);
    engine.save_layers_to(path);
    { std::ofstream(path) << "some other file, longer than the header"; }
    CHECK_THROWS_WITH(engine.count(), Catch::Contains("is not a layers file"));
    {
        std::ofstream out(path, std::ios::binary);
        out.write("xcount-layers1\n", 16);
        out.write("\1\2\3", 3);
    }
    CHECK_THROWS_WITH(engine.count(), Catch::Contains("is cut short"));
    std::remove(path.c_str());
    CHECK(engine.count().solutions == 36);  // no file: from the start, and none left behind
    CHECK_FALSE(Frontier::saved_layers(path));
}

TEST_CASE("frontier: a stop ends the count incomplete, and the engine counts again after it", "[frontier]") {
    const Problem p = tiling("domino", 12, 12);
    Frontier engine(p.matrix);
    const std::atomic<bool> stop{true};
    CHECK_FALSE(engine.count(Limits{.stop = &stop}).complete);
    CHECK(engine.count().solutions == *parse_count("53060477521960000"));  // OEIS A004003 a(6)
}

TEST_CASE("frontier: a stop heard while runs are carried shard by shard ends the count incomplete, and it counts again",
          "[frontier][threads]") {
    const Problem p = tiling("domino", 20, 20);
    Frontier engine(p.matrix);
    engine.set_threads(2);
    std::size_t last = 0;
    engine.set_on_layer([&](std::size_t position, std::size_t, std::uint64_t) {
        CHECK(position == last + 1);  // every position told, in turn, those inside a run too
        last = position;
    });
    std::atomic<bool> stop{false};
    std::thread stopper([&] {  // (most likely heard inside a run: nine steps in ten are)
        std::this_thread::sleep_for(std::chrono::milliseconds(30));
        stop = true;
    });
    const SearchStats stopped = engine.count(Limits{.stop = &stop});
    stopper.join();
    CHECK_FALSE(stopped.complete);
    CHECK(stopped.solutions == 0);
    CHECK(last < 400);
    last = 0;
    CHECK(engine.count().solutions == *parse_count("1269984011256235834242602753102293934298576249856"));  // OEIS A004003 a(10)
    CHECK(last == 400);
}

namespace {

// Processes that share every layer, played by threads of this process: each call waits for
// all of them at a barrier, as a collective call does.
class Rendezvous {
public:
    explicit Rendezvous(int size) : posted_(static_cast<std::size_t>(size)), values_(static_cast<std::size_t>(size)), barrier_(size) {}
    int size() const { return static_cast<int>(values_.size()); }
    std::barrier<>& barrier() { return barrier_; }
    std::vector<std::vector<std::vector<std::uint64_t>>> posted_;  // per sender, per receiver
    std::vector<std::uint64_t> values_;                            // per process
    std::vector<std::uint64_t> broadcast_;

private:
    std::barrier<> barrier_;
};

class ThreadPeers : public LayerPeers {
public:
    ThreadPeers(Rendezvous& meeting, int rank) : meeting_(meeting), rank_(rank) {}
    int rank() const override { return rank_; }
    int size() const override { return meeting_.size(); }
    std::vector<std::uint64_t> exchange(const std::vector<std::vector<std::uint64_t>>& outgoing) override {
        meeting_.posted_[me()] = outgoing;
        meeting_.barrier().arrive_and_wait();
        std::vector<std::uint64_t> received;
        for (const auto& from : meeting_.posted_) received.insert(received.end(), from[me()].begin(), from[me()].end());
        meeting_.barrier().arrive_and_wait();
        return received;
    }
    std::uint64_t sum(std::uint64_t mine) override {
        return reduce(mine, [](const auto& all) { return std::accumulate(all.begin(), all.end(), std::uint64_t{0}); });
    }
    std::uint64_t max(std::uint64_t mine) override {
        return reduce(mine, [](const auto& all) { return *std::max_element(all.begin(), all.end()); });
    }
    std::uint64_t min(std::uint64_t mine) override {
        return reduce(mine, [](const auto& all) { return *std::min_element(all.begin(), all.end()); });
    }
    void broadcast(std::vector<std::uint64_t>& words, int root) override {
        if (rank_ == root) meeting_.broadcast_ = words;
        meeting_.barrier().arrive_and_wait();
        words = meeting_.broadcast_;
        meeting_.barrier().arrive_and_wait();
    }

private:
    std::size_t me() const { return static_cast<std::size_t>(rank_); }
    template <class Reduce>
    std::uint64_t reduce(std::uint64_t mine, Reduce&& all) {
        meeting_.values_[me()] = mine;
        meeting_.barrier().arrive_and_wait();
        const std::uint64_t result = all(meeting_.values_);
        meeting_.barrier().arrive_and_wait();
        return result;
    }
    Rendezvous& meeting_;
    int rank_;
};

// A count by layers shared by `processes` (threads here), each on `threads` threads: every
// process's stats and largest share. `prepare` sets up process p's engine (a stop, a file).
struct SharedCount {
    std::vector<SearchStats> stats;
    std::vector<std::uint64_t> largest;
};
template <class Prepare>
SharedCount count_shared(const Matrix& m, int processes, int threads, Prepare&& prepare) {
    Rendezvous meeting(processes);
    SharedCount result{std::vector<SearchStats>(static_cast<std::size_t>(processes)),
                       std::vector<std::uint64_t>(static_cast<std::size_t>(processes))};
    std::vector<std::thread> running;
    for (int p = 0; p < processes; ++p)
        running.emplace_back([&, p] {
            ThreadPeers peers(meeting, p);
            Frontier engine(m);
            engine.set_threads(threads);
            engine.share_layers_with(&peers);
            const auto k = static_cast<std::size_t>(p);
            result.stats[k] = engine.count(prepare(engine, p));
            result.largest[k] = engine.figures().largest_share;
        });
    for (auto& t : running) t.join();
    return result;
}
SharedCount count_shared(const Matrix& m, int processes, int threads) {
    return count_shared(m, processes, threads, [](Frontier&, int) { return Limits{}; });
}

}  // namespace

TEST_CASE("frontier: processes sharing every layer count what one counts, with the same states moved", "[frontier][peers]") {
    std::mt19937 rng(53);
    for (int trial = 0; trial < 60; ++trial) {
        const Matrix m = test::random_matrix(rng, 4 + trial % 8, trial % 4, 8 + trial % 13);
        INFO("trial " << trial);
        Frontier alone(m);
        const SearchStats one = alone.count();
        REQUIRE(one.solutions == test::brute_force_count(m));
        for (int processes : {2, 3})
            for (int threads : {1, 2}) {
                const SharedCount shared = count_shared(m, processes, threads);
                for (const SearchStats& s : shared.stats) {  // every process has the whole count and the figures of all
                    REQUIRE(s.complete);
                    REQUIRE(s.solutions == one.solutions);
                    REQUIRE(s.nodes == one.nodes);
                    REQUIRE(s.updates == one.updates);
                }
            }
    }
    // Past 2^128: the counts widen on every process at the same position; each moves about a third.
    const Problem dominoes = tiling("domino", 18, 18);
    const SharedCount shared = count_shared(dominoes.matrix, 3, 2);
    for (std::size_t p = 0; p < 3; ++p) {
        CHECK(shared.stats[p].solutions == *parse_count("548943583215388338077567813208427340288"));  // OEIS A004003 a(9)
        CHECK(shared.largest[p] * 3 >= shared.stats[p].nodes);
        CHECK(shared.largest[p] * 2 < shared.stats[p].nodes);
    }
}

TEST_CASE("frontier: a stop heard by one process sharing the layers stops all at one layer, and each carries on from its file",
          "[frontier][peers]") {
    const Problem p = tiling("domino", 14, 14);
    const Count total = *parse_count("112202208776036178000000");  // OEIS A004003 a(7)
    const std::string path =
        (std::filesystem::temp_directory_path() / ("xcount-test-frontier-shared-" + std::to_string(::getpid()))).string();
    std::atomic<bool> stop{false};
    const SearchStats whole = count_shared(p.matrix, 3, 1).stats[0];
    const SharedCount stopped = count_shared(p.matrix, 3, 1, [&](Frontier& engine, int process) {
        engine.save_layers_to(path);
        if (process == 2)  // only this one hears the stop, half way
            engine.set_on_layer([&](std::size_t position, std::size_t positions, std::uint64_t) {
                if (2 * position >= positions) stop = true;
            });
        return Limits{.stop = process == 2 ? &stop : nullptr};
    });
    for (const SearchStats& s : stopped.stats) CHECK_FALSE(s.complete);
    CHECK(std::filesystem::exists(path));
    CHECK(std::filesystem::exists(path + ".rank1"));
    CHECK(std::filesystem::exists(path + ".rank2"));
    const SharedCount resumed = count_shared(p.matrix, 3, 1, [&](Frontier& engine, int) {
        engine.save_layers_to(path);
        return Limits{};
    });
    for (const SearchStats& s : resumed.stats) {
        CHECK(s.solutions == total);
        CHECK(s.nodes < whole.nodes);  // from the layer saved
    }
    CHECK_FALSE(std::filesystem::exists(path));
    CHECK_FALSE(std::filesystem::exists(path + ".rank1"));
    // Files of another number of processes are refused, not counted on.
    stop = false;
    count_shared(p.matrix, 3, 1, [&](Frontier& engine, int process) {
        engine.save_layers_to(path);
        if (process == 0)
            engine.set_on_layer([&](std::size_t position, std::size_t positions, std::uint64_t) {
                if (2 * position >= positions) stop = true;
            });
        return Limits{.stop = process == 0 ? &stop : nullptr};
    });
    Frontier alone(p.matrix);
    alone.save_layers_to(path);
    CHECK_THROWS_WITH(alone.count(), Catch::Contains("holds the layers of another count"));
    for (const char* suffix : {"", ".rank1", ".rank2"}) std::filesystem::remove(path + suffix);
}
