#include <catch2/catch.hpp>

#include <stdexcept>

#include "xcount/count.hpp"
#include "xcount/dancer.hpp"

using xcount::Count;

TEST_CASE("128-bit counts print exactly in decimal", "[count]") {
    CHECK(xcount::to_string(0) == "0");
    CHECK(xcount::to_string(92) == "92");
    const Count two64 = Count{1} << 64;
    CHECK(xcount::to_string(two64) == "18446744073709551616");
    CHECK(xcount::to_string(two64 - 1) == "18446744073709551615");
    CHECK(xcount::to_string(Count{1} << 127) == "170141183460469231731687303715884105728");
    CHECK(xcount::to_string(~Count{0}) == "340282366920938463463374607431768211455");
    // L(2,28) Langford pairings (OEIS A176127), above 2^64.
    const Count langford28 = Count{3214766521218ull} * 1000000000ull + 764786304ull;
    CHECK(xcount::to_string(langford28) == "3214766521218764786304");
}

TEST_CASE("128-bit counts parse back and refuse what is not a count", "[count]") {
    CHECK(xcount::parse_count("3214766521218764786304") == Count{3214766521218ull} * 1000000000ull + 764786304ull);
    CHECK(xcount::parse_count("340282366920938463463374607431768211455") == ~Count{0});
    CHECK_FALSE(xcount::parse_count("340282366920938463463374607431768211456"));
    CHECK_FALSE(xcount::parse_count(""));
    CHECK_FALSE(xcount::parse_count("-1"));
    CHECK_FALSE(xcount::parse_count("+1"));
    CHECK_FALSE(xcount::parse_count("1 "));
    CHECK_FALSE(xcount::parse_count("0x10"));
    for (Count v : {Count{0}, Count{7}, Count{1} << 100, ~Count{0} / 3}) CHECK(xcount::parse_count(xcount::to_string(v)) == v);
}

TEST_CASE("sums and products of counts refuse to wrap around 2^128", "[count][overflow]") {
    const Count top = ~Count{0};
    CHECK(xcount::checked_add(top - 1, 1) == top);
    CHECK_THROWS_AS(xcount::checked_add(top, 1), std::overflow_error);
    CHECK(xcount::checked_multiply(Count{1} << 64, (Count{1} << 63)) == Count{1} << 127);
    CHECK_THROWS_AS(xcount::checked_multiply(Count{1} << 64, Count{1} << 64), std::overflow_error);
    xcount::SearchStats a, b;
    a.solutions = top;
    b.solutions = 1;
    CHECK_THROWS_AS(a += b, std::overflow_error);
}
