// Colours (Knuth's DLX2, Algorithm C): secondary items that several options may share when
// they give them the same colour. Knuth's own example, the rule on hand-made cases, and a
// brute-force oracle on random coloured matrices across rules, splits, threads and slices;
// the engines that do not take colours refuse them.
#include <catch2/catch.hpp>

#include <random>
#include <sstream>

#include "helpers.hpp"
#include "xcount/engines.hpp"
#include "xcount/runner.hpp"
#include "xcount/split.hpp"

using namespace xcount;

namespace {

std::vector<std::string> solution_texts(const Matrix& m, std::span<const OptionId> solution) {
    std::vector<std::string> texts;
    for (OptionId o : solution) {
        std::string text;
        for (std::size_t k = 0; k < m.option(o).size(); ++k) text += (k ? " " : "") + m.item_text(o, k);
        texts.push_back(text);
    }
    std::sort(texts.begin(), texts.end());
    return texts;
}

Count dancer_count(const Matrix& m, Choice choice = {}) { return test::count_restoring<Dancer>(m, choice).solutions; }

}  // namespace

TEST_CASE("colours: Knuth's example has one solution, A C X:1 Y:1 and B X:1", "[colours]") {
    const Matrix m = test::dlx(test::kKnuthColourExample);
    CHECK(m.has_colours());
    CHECK(m.option_count() == 4);  // "X:0 Y:1" has no primary item
    REQUIRE(m.warnings().size() == 1);
    CHECK_THAT(m.warnings()[0], Catch::Contains("test.dlx:5: option has no primary item"));
    Dancer d(m);
    const std::uint64_t pristine = d.checksum();
    std::vector<std::vector<std::string>> found;
    const SearchStats s = d.search([&](std::span<const OptionId> sol) { found.push_back(solution_texts(m, sol)); });
    CHECK(s.solutions == 1);
    CHECK(d.checksum() == pristine);
    REQUIRE(found.size() == 1);
    CHECK(found[0] == std::vector<std::string>{"A C X:1 Y:1", "B X:1"});
    CHECK(dancer_count(m, {ChooseRule::scan, 0}) == 1);
    CHECK(dancer_count(m, {ChooseRule::first, 0}) == 1);
}

TEST_CASE("colours: options share an item only when they give it the same colour", "[colours]") {
    const struct {
        const char* text;
        Count solutions;
    } cases[] = {
        {"A B | X\nA X:r\nB X:r\n", 1},           // the same colour: shared
        {"A B | X\nA X:r\nB X:g\n", 0},           // two colours
        {"A B | X\nA X:r\nB X\n", 0},             // a colour and none
        {"A B | X\nA X\nB X\n", 0},               // none twice: at most once, as ever
        {"A B | X\nA X\nB\n", 1},                 // none once
        {"A | X\nA X:r\nA X:g\nA X\n", 3},        // one option at a time
        {"A B C | X\nA X:r\nB X:r\nC X:r\n", 1},  // three share it
        {"A B C | X Y\nA X:r Y:g\nB X:r Y:b\nC Y:g\nB X:r\n", 1},
    };
    for (const auto& c : cases) {
        INFO(c.text);
        const Matrix m = test::dlx(c.text);
        CHECK(test::brute_force_count(m) == c.solutions);
        CHECK(dancer_count(m) == c.solutions);
    }
}

TEST_CASE(
    "colours: the dancer counts what brute force counts on 400 random coloured matrices, under every rule, and the frontier "
    "engine by layers",
    "[colours][oracle][frontier]") {
    std::mt19937 rng(20261202);
    for (int trial = 0; trial < 400; ++trial) {
        const Matrix m = test::random_coloured_matrix(rng, 2 + trial % 5, 1 + trial % 4, 6 + trial % 13, 1 + trial % 3);
        INFO("trial " << trial);
        const Count truth = test::brute_force_count(m);
        for (ChooseRule rule : {ChooseRule::mrv, ChooseRule::first, ChooseRule::scan, ChooseRule::random})
            REQUIRE(dancer_count(m, {rule, 5}) == truth);
        REQUIRE(Frontier(m).count().solutions == truth);
    }
}

TEST_CASE("colours: splits at every depth add up on 1 to 3 threads, figure for figure", "[colours][split]") {
    std::mt19937 rng(7);
    for (int trial = 0; trial < 40; ++trial) {
        const Matrix m = test::random_coloured_matrix(rng, 4 + trial % 3, 2 + trial % 3, 14 + trial % 6, 2);
        const SearchStats whole = Dancer(m).count();
        REQUIRE(whole.solutions == test::brute_force_count(m));
        for (int depth : {1, 2, 3})
            for (int threads : {1, 2, 3}) {
                INFO("trial " << trial << ", depth " << depth << ", threads " << threads);
                const Split split = split_at_depth(m, depth);
                test::check_same_figures(
                    run_split(m, split, {}, RunOptions{.threads = threads, .engine = decide_method(m, {}).engine}).total, whole);
                // By layers, each subproblem's prefix replayed: options of its colours stay live below it.
                REQUIRE(run_split(m, split, {}, RunOptions{.threads = threads, .engine = EngineKind::frontier}).total.solutions ==
                        whole.solutions);
            }
    }
}

TEST_CASE("colours: a walk stopped anywhere resumes from its position to the same figures", "[colours][resume]") {
    std::mt19937 rng(11);
    for (int trial = 0; trial < 30; ++trial) {
        const Matrix m = test::random_coloured_matrix(rng, 5, 3, 18, 2);
        Dancer d(m);
        const std::uint64_t pristine = d.checksum();
        const SearchStats whole = d.count();
        for (std::uint64_t k : {1, 2, 5}) {
            INFO("trial " << trial << ", slices of " << k);
            test::check_same_figures(test::count_in_slices(d, {}, k), whole);
            REQUIRE(d.checksum() == pristine);
        }
    }
}

TEST_CASE("colours: the enumerating engines but the dancer refuse them, auto takes the dancer", "[colours][bad-input]") {
    const Matrix m = test::dlx(test::kKnuthColourExample);
    CHECK(decide_method(m, {}).engine == EngineKind::dlx);
    CHECK(decide_method(m, {.choice = {ChooseRule::scan, 0}}).engine == EngineKind::dlx);
    CHECK_THROWS_WITH(Bits(m), "the bits engine does not take colours (item:colour in an option); use --engine dlx");
    CHECK_THROWS_WITH(Cells(m), Catch::Contains("the cells engine does not take colours"));
    CHECK_THROWS_WITH(Scan(m), Catch::Contains("the scan engine does not take colours"));
    CHECK(Memo64(m).count().solutions == 1);    // the memo engine takes them (its tests and sets)
    CHECK(Frontier(m).count().solutions == 1);  // and the frontier engine (a position per colour)
}

TEST_CASE("colours: written and read back, the same matrix; its fingerprint is not the colourless one's", "[colours][dlx]") {
    std::mt19937 rng(3);
    for (int trial = 0; trial < 20; ++trial) {
        const Matrix m = test::random_coloured_matrix(rng, 4, 3, 15, 3);
        std::ostringstream out;
        write_dlx(out, m, "");
        const Matrix back = test::dlx(out.str());
        CHECK(back.fingerprint() == m.fingerprint());
        CHECK(dancer_count(back) == test::brute_force_count(m));
    }
    const Matrix coloured = test::dlx("A | X\nA X:r\n"), plain = test::dlx("A | X\nA X\n");
    CHECK(coloured.fingerprint() != plain.fingerprint());
    CHECK_FALSE(plain.has_colours());
    CHECK(plain.fingerprint() == test::dlx("A | X\nA X\n").fingerprint());
}
