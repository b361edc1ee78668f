#include <catch2/catch.hpp>

#include <boost/multiprecision/cpp_int.hpp>
#include <random>
#include <stdexcept>

#include "xcount/count.hpp"
#include "xcount/dancer.hpp"

using xcount::Count;
using Big = boost::multiprecision::cpp_int;

namespace {

constexpr unsigned __int128 kTwo64 = static_cast<unsigned __int128>(1) << 64;
constexpr unsigned __int128 kTwo127 = static_cast<unsigned __int128>(1) << 127;
constexpr unsigned __int128 kTop = ~static_cast<unsigned __int128>(0);  // 2^128 - 1

Count count_of(const Big& b) { return *xcount::parse_count(b.str()); }
Big big_of(const Count& c) { return Big(xcount::to_string(c)); }

}  // namespace

TEST_CASE("counts print exactly in decimal", "[count]") {
    CHECK(xcount::to_string(0) == "0");
    CHECK(xcount::to_string(92) == "92");
    CHECK(xcount::to_string(kTwo64) == "18446744073709551616");
    CHECK(xcount::to_string(kTwo64 - 1) == "18446744073709551615");
    CHECK(xcount::to_string(kTwo127 - 1) == "170141183460469231731687303715884105727");
    CHECK(xcount::to_string(kTwo127) == "170141183460469231731687303715884105728");
    CHECK(xcount::to_string(kTop) == "340282366920938463463374607431768211455");
    // L(2,28) Langford pairings (OEIS A176127), above 2^64.
    const Count langford28 = Count{3214766521218ull} * 1000000000ull + 764786304ull;
    CHECK(xcount::to_string(langford28) == "3214766521218764786304");
    // The domino tilings of 18x18 (OEIS A004003 a(9)) are 2^9 times the square of A065072 a(9).
    const Count root = *xcount::parse_count("1035449388414303593");
    CHECK(xcount::to_string(Count{512} * root * root) == "548943583215388338077567813208427340288");
}

TEST_CASE("counts parse back at any size and refuse what is not a count", "[count]") {
    CHECK(xcount::parse_count("3214766521218764786304") == Count{3214766521218ull} * 1000000000ull + 764786304ull);
    CHECK(xcount::parse_count("340282366920938463463374607431768211455") == Count{kTop});
    CHECK(xcount::parse_count("340282366920938463463374607431768211456") == Count{kTop} + 1);
    CHECK(xcount::parse_count("0000000000000000000000000000000000000000000042") == Count{42});
    CHECK_FALSE(xcount::parse_count(""));
    CHECK_FALSE(xcount::parse_count("-1"));
    CHECK_FALSE(xcount::parse_count("+1"));
    CHECK_FALSE(xcount::parse_count("1 "));
    CHECK_FALSE(xcount::parse_count("0x10"));
    CHECK_FALSE(xcount::parse_count("12345678901234567890123456789012345678901234567890x"));
    const std::string huge(400, '9');
    for (const Count& v :
         {Count{0}, Count{7}, Count{kTwo64 * 1000}, Count{kTwo127 - 1}, Count{kTwo127}, Count{kTop} * kTop, *xcount::parse_count(huge)})
        CHECK(xcount::parse_count(xcount::to_string(v)) == v);
}

TEST_CASE("counts pass 2^127 and 2^128 without a wrap and come back below", "[count][overflow]") {
    Count c = kTwo127 - 2;
    CHECK_FALSE(c.wide());
    ++c;
    CHECK_FALSE(c.wide());
    ++c;
    CHECK(c.wide());
    CHECK(c == Count{kTwo127});
    Count top = kTop;
    top += 1;
    CHECK(xcount::to_string(top) == "340282366920938463463374607431768211456");
    CHECK_FALSE(top.narrow());
    CHECK(top > Count{kTop});
    CHECK(top - 1 == Count{kTop});
    CHECK((top - Count{kTop}).narrow() == static_cast<unsigned __int128>(1));
    CHECK_FALSE((top - Count{kTop}).wide());  // back to the machine integer
    CHECK(top / 2 == Count{kTwo127});
    CHECK(top % 3 == Count{1});  // 2^128 = 1 (mod 3)
    CHECK(Count{kTwo64} * kTwo64 == top);
    CHECK(Count{kTwo64} * (kTwo64 - 1) < top);
    CHECK(top.to_double() == Approx(3.402823669209385e38));
    CHECK_THROWS_AS(Count{1} - top, std::domain_error);
    CHECK_THROWS_AS(top / 0, std::domain_error);
    // Copies and moves of a wide count own their own value.
    Count copy = top;
    copy += top;
    CHECK(copy == top * 2);
    CHECK(top == Count{kTop} + 1);
    Count moved = std::move(copy);
    CHECK(moved == top * 2);
    copy = moved;
    moved = Count{5};
    CHECK(copy == top * 2);
    CHECK(moved == 5);
    const Count& same = copy;
    copy = same;  // self-assignment keeps the value
    CHECK(copy == top * 2);
    xcount::SearchStats a, b;
    a.solutions = kTop;
    b.solutions = 1;
    a += b;
    CHECK(a.solutions == top);
}

TEST_CASE("count arithmetic agrees with arbitrary precision on both sides of 2^127", "[count][overflow]") {
    std::mt19937_64 random(20261203);
    const auto draw = [&]() -> Count {
        switch (random() % 4) {
            case 0: return random() % 1000;
            case 1: return kTwo127 - 1 - random() % 4;
            case 2: return static_cast<unsigned __int128>(random()) << 64 | random();
            default: {
                Count c = static_cast<unsigned __int128>(random()) << 64 | random();
                return c * (static_cast<unsigned __int128>(random()) << 64 | random()) + random() % 7;
            }
        }
    };
    for (int k = 0; k < 3000; ++k) {
        const Count a = draw(), b = draw();
        const Big x = big_of(a), y = big_of(b);
        CHECK(big_of(a + b) == x + y);
        CHECK(big_of(a * b) == x * y);
        CHECK((a < b) == (x < y));
        CHECK((a == b) == (x == y));
        if (a >= b) CHECK(big_of(a - b) == x - y);
        if (b != 0) {
            CHECK(big_of(a / b) == x / y);
            CHECK(big_of(a % b) == x % y);
        }
        CHECK(Count::from_limbs(a.limbs()) == a);
        CHECK(count_of(x) == a);
        CHECK(a.wide() == (x >= Big(1) << 127));
    }
}
