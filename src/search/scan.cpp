#include "xcount/scan.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "xcount/error.hpp"
#include "xcount/hash.hpp"

namespace xcount {

template <std::size_t Words>
const Matrix& ScanOf<Words>::checked(const Matrix& matrix) {
    require_no_colours(matrix, "scan");
    if (!fits(matrix))
        throw InputError("the scan engine takes up to " + std::to_string(kMaxItems) + " items; this matrix has " +
                         std::to_string(matrix.item_count()) + " (use --engine dlx or cells)");
    return matrix;
}

template <std::size_t Words>
ScanOf<Words>::ScanOf(const Matrix& matrix, ScanMethod method) : Skeleton(matrix), layout_(checked(matrix), matrix.scan_order()) {
    Skeleton::set_choice({ChooseRule::scan, 0});

    const std::size_t n = matrix.option_count();
    masks_.resize(n);
    std::vector<Id> lead(n, 0);
    for (std::size_t o = 0; o < n; ++o) {
        Id lowest = ~Id{0};
        for (ItemId item : matrix.option(static_cast<OptionId>(o))) {
            const Id bit = layout_.bit_of_item[static_cast<std::size_t>(item)];
            masks_[o].set(bit);
            if (bit < layout_.primary) lowest = std::min(lowest, bit);
        }
        lead[o] = lowest;
    }
    // Both lists in option order (a CSR table each): the order every engine tries them in.
    auto fill = [&](Lists& lists, auto&& bits_of) {
        lists.begin.assign(layout_.primary + 1, 0);
        for (std::size_t o = 0; o < n; ++o) bits_of(o, [&](Id bit) { ++lists.begin[bit + 1]; });
        for (std::size_t b = 1; b <= layout_.primary; ++b) lists.begin[b] += lists.begin[b - 1];
        std::vector<std::uint32_t> at(lists.begin.begin(), lists.begin.end() - 1);
        lists.mask.resize(lists.begin[layout_.primary]);
        lists.id.resize(lists.begin[layout_.primary]);
        for (std::size_t o = 0; o < n; ++o)
            bits_of(o, [&](Id bit) {
                lists.mask[at[bit]] = masks_[o];
                lists.id[at[bit]++] = static_cast<Id>(o);
            });
    };
    fill(led_, [&](std::size_t o, auto&& add) { add(lead[o]); });
    fill(holding_, [&](std::size_t o, auto&& add) {
        for (ItemId item : matrix.option(static_cast<OptionId>(o)))
            if (layout_.bit_of_item[static_cast<std::size_t>(item)] < layout_.primary)
                add(layout_.bit_of_item[static_cast<std::size_t>(item)]);
    });
    const std::size_t levels = layout_.primary + 2;
    levels_.assign(levels, Level{});
    lists_.assign(levels, &led_);
    chosen_.assign(levels, 0);
    solution_.reserve(levels);
    build_conflicts(method);
}

template <std::size_t Words>
void ScanOf<Words>::build_conflicts(ScanMethod method) {
    if (method == ScanMethod::each_option) return;
    const std::size_t primary = layout_.primary;
    chunk_begin_.assign(primary + 1, 0);
    std::uint32_t chunks = 0;
    std::size_t words = 0, leads = 0;
    for (std::size_t b = 0; b < primary; ++b) {
        const std::uint32_t size = led_.begin[b + 1] - led_.begin[b];
        chunk_begin_[b] = chunks;
        chunks += (size + 63) / 64;
        leads += size > 0;
    }
    chunk_begin_[primary] = chunks;
    for (std::size_t b = 0; b < primary; ++b) words += std::size_t{led_.begin[b + 1] - led_.begin[b]} * (chunks - chunk_begin_[b + 1]);
    const std::size_t entries = led_.id.size();
    if (method == ScanMethod::automatic && (words > kConflictTableWords || entries < 4 * leads)) return;

    by_conflicts_ = true;
    chunks_ = chunks;
    chunk_entry_.assign(chunks, 0);
    std::vector<std::uint64_t> absent(chunks, 0);  // the bits of a lead's last chunk past its options
    // holders[bit * chunks + c]: the led entries of chunk c holding the item of that bit.
    std::vector<std::uint64_t> holders(std::size_t{kMaxItems} * chunks, 0);
    auto for_each_bit = [](const Mask& m, auto&& f) {
        for (std::size_t w = 0; w < Words; ++w)
            for (std::uint64_t rest = m.word[w]; rest != 0; rest &= rest - 1)
                f(static_cast<std::uint32_t>(w * 64) + static_cast<std::uint32_t>(__builtin_ctzll(rest)));
    };
    std::vector<std::uint32_t> lead_of(entries, 0);
    for (std::uint32_t b = 0; b < primary; ++b) {
        const std::uint32_t first = led_.begin[b], size = led_.begin[b + 1] - first;
        for (std::uint32_t c = chunk_begin_[b]; c < chunk_begin_[b + 1]; ++c) chunk_entry_[c] = first + 64 * (c - chunk_begin_[b]);
        if (size % 64 != 0) absent[chunk_begin_[b + 1] - 1] = ~std::uint64_t{0} << (size % 64);
        for (std::uint32_t p = 0; p < size; ++p) {
            lead_of[first + p] = b;
            const std::uint32_t c = chunk_begin_[b] + p / 64;
            for_each_bit(led_.mask[first + p], [&](std::uint32_t bit) { holders[bit * chunks + c] |= std::uint64_t{1} << (p % 64); });
        }
    }
    conflict_from_.assign(entries, 0);
    conflict_begin_.assign(entries, 0);
    conflicts_.clear();
    conflicts_.reserve(words);
    for (std::size_t e = 0; e < entries; ++e) {
        const std::uint32_t from = chunk_begin_[lead_of[e] + 1];
        conflict_from_[e] = from;
        conflict_begin_[e] = conflicts_.size();
        for (std::uint32_t c = from; c < chunks; ++c) {
            std::uint64_t meets = 0;
            for_each_bit(led_.mask[e], [&](std::uint32_t bit) { meets |= holders[bit * chunks + c]; });
            conflicts_.push_back(meets);
        }
    }
    absent_ = std::move(absent);
    blocked_.assign(levels_.size() * chunks, 0);
    block_anew(0);
}

template <std::size_t Words>
void ScanOf<Words>::block_anew(int level) {
    const Mask covered = at(level).covered;
    std::uint64_t* words = blocked(level);
    for (std::uint32_t c = 0; c < chunks_; ++c) {
        std::uint64_t word = absent_[c];
        for (std::uint64_t rest = ~word; rest != 0; rest &= rest - 1) {
            const int k = __builtin_ctzll(rest);
            if (led_.mask[chunk_entry_[c] + static_cast<std::uint32_t>(k)].meets(covered)) word |= std::uint64_t{1} << k;
        }
        words[c] = word;
    }
}

template <std::size_t Words>
void ScanOf<Words>::set_choice(Choice choice) {
    if (choice.rule != ChooseRule::scan)
        throw InputError("the scan engine branches on the first open item in the scan order only (--choose scan), not by another rule");
    Skeleton::set_choice(choice);
}

template <std::size_t Words>
PushCost ScanOf<Words>::take(int level, OptionId option, Id bit) {
    const auto o = static_cast<Id>(option);
    PushCost cost{open(level, bit), 0};
    // The walk's place in the list, so that a walk resumed below can back up through it.
    const Lists& lists = *lists_[static_cast<std::size_t>(level)];
    Level& here = at(level);
    const auto found = std::find(lists.id.begin() + here.next, lists.id.begin() + here.last, o);
    const auto entry = static_cast<std::uint32_t>(found - lists.id.begin());
    here.next = entry + 1;
    if (here.by_conflicts) {
        const std::uint32_t place = entry - led_.begin[bit];
        here.chunk = chunk_begin_[bit] + place / 64;
        here.pending = ~blocked(level)[here.chunk] & (place % 64 == 63 ? 0 : ~std::uint64_t{0} << (place % 64 + 1));
        take_led(level, entry);
        return cost;
    }
    chosen_[static_cast<std::size_t>(level)] = o;
    at(level + 1).covered = here.covered | masks_[o];
    if (by_conflicts_) block_anew(level + 1);
    return cost;
}

template <std::size_t Words>
std::uint64_t ScanOf<Words>::checksum() const {
    Hash64 h;
    for (int k = 0; k <= depth_; ++k) {
        const Level& at = levels_[static_cast<std::size_t>(k)];
        for (std::uint64_t word : at.covered.word) h.add(word);
        if (k < depth_) h.add(std::uint64_t{chosen_[static_cast<std::size_t>(k)]}).add(std::uint64_t{at.next});
        if (k < depth_ && at.by_conflicts) h.add(std::uint64_t{at.chunk}).add(at.pending);
        for (std::uint32_t c = 0; c < chunks_; ++c) h.add(blocked(k)[c]);
    }
    h.add(static_cast<std::uint64_t>(depth_));
    return h.value();
}

template <std::size_t Words>
std::size_t ScanOf<Words>::memory_bytes() const {
    const auto lists = [](const Lists& l) {
        return l.begin.capacity() * 4 + l.mask.capacity() * sizeof(Mask) + l.id.capacity() * sizeof(Id);
    };
    return masks_.capacity() * sizeof(Mask) + lists(led_) + lists(holding_) + layout_.bit_of_item.capacity() * sizeof(Id) +
           levels_.capacity() * sizeof(Level) + lists_.capacity() * sizeof(void*) + chosen_.capacity() * sizeof(Id) +
           (chunk_begin_.capacity() + chunk_entry_.capacity() + conflict_from_.capacity()) * 4 +
           conflict_begin_.capacity() * sizeof(std::size_t) + (conflicts_.capacity() + blocked_.capacity() + absent_.capacity()) * 8;
}

}  // namespace xcount

XCOUNT_SCAN_INSTANCES()
