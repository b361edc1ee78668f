// problems/langford.hpp: Langford pairings L(2,n): 1,1,2,2,...,n,n in a row with exactly k
// numbers between the two k's.
//
// Items, all primary: values v1..vn and positions s0..s(2n-1). Option "vk si sj" with
// j = i + k + 1. The total counts a pairing and its reversal separately (OEIS A176127); the
// count up to reversal (OEIS A014552) restricts the pair of 1s to the left half: reversal
// maps the 1s at (i, i+2) to (2n-3-i, 2n-1-i), and i = 2n-3-i has no integer solution, so
// exactly one of each pairing and its mirror image has its first 1 at i <= n-2. The full
// problem carries the reversal as its symmetry group, so Burnside checks that count too.
#pragma once

#include "problem.hpp"

namespace xcount {

Problem make_langford(int n, bool up_to_reversal);

}  // namespace xcount
