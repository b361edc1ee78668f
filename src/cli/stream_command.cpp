// solve --all on the count's machinery: each subproblem's solutions written together once it is
// finished, to stdout or --out FILE, journaled so that a resumed run writes none twice.
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <iostream>
#include <limits>

#include "cli.hpp"
#include "commands.hpp"
#include "count_run.hpp"
#include "signals.hpp"
#include "xcount/shard.hpp"
#include "xcount/text_file.hpp"

namespace xcount::cli {

namespace {

// Where solve --all's solutions go: stdout, or a file a resumed run cuts back to the length its
// journal vouches for (its lines are counted again, so the numbering carries on).
class SolutionsOut {
public:
    SolutionsOut(const std::string& path, std::optional<std::uint64_t> vouched) : path_(path) {
        if (path.empty()) return;
        fd_ = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
        if (fd_ < 0) throw InputError(path + ": cannot open the solutions file: " + std::strerror(errno));
        struct stat st {};
        if (::fstat(fd_, &st) != 0 || !S_ISREG(st.st_mode)) throw InputError(path + ": not a regular file, so no solutions file");
        const std::uint64_t keep = vouched.value_or(0);
        if (static_cast<std::uint64_t>(st.st_size) < keep)
            throw InputError(path + ": holds " + std::to_string(st.st_size) + " bytes, but the journal says " + std::to_string(keep) +
                             " were written: not that run's solutions file (give the file the journal's run wrote)");
        if (::ftruncate(fd_, static_cast<off_t>(keep)) != 0 || ::lseek(fd_, static_cast<off_t>(keep), SEEK_SET) < 0)
            throw InputError(path + ": cannot cut the solutions file back to " + std::to_string(keep) + " bytes: " + std::strerror(errno));
        length_ = keep;
        count_lines(keep);
    }
    ~SolutionsOut() {
        if (fd_ >= 0) ::close(fd_);
    }
    SolutionsOut(const SolutionsOut&) = delete;
    SolutionsOut& operator=(const SolutionsOut&) = delete;

    Count lines() const { return lines_; }
    std::uint64_t length() const { return length_; }
    // Writes the block whole (to the kernel: it survives kill -9) before anything journals it.
    void write(const std::string& block, Count lines) {
        if (fd_ < 0) {
            if (std::fwrite(block.data(), 1, block.size(), stdout) != block.size() || std::fflush(stdout) != 0)
                throw InputError(std::string("cannot write the solutions to stdout: ") + std::strerror(errno));
        } else if (!write_all(fd_, block)) {
            throw InputError(path_ + ": cannot write the solutions: " + std::strerror(errno));
        }
        length_ += block.size();
        lines_ += lines;
    }

private:
    void count_lines(std::uint64_t bytes) {
        std::ifstream in = open_to_read(path_, "cannot read the solutions file");
        char buffer[1 << 16];
        while (bytes > 0 && in.read(buffer, static_cast<std::streamsize>(std::min<std::uint64_t>(sizeof buffer, bytes)))) {
            bytes -= static_cast<std::uint64_t>(in.gcount());
            lines_ += static_cast<std::uint64_t>(std::count(buffer, buffer + in.gcount(), '\n'));
        }
    }

    std::string path_;
    int fd_ = -1;
    std::uint64_t length_ = 0;
    Count lines_ = 0;
};

// What the tally line says of the stream that ended.
std::string stream_tally(const Settings& settings, const Group* group, Count lines, bool complete) {
    std::string text = "xcount: " + to_string(lines) + (lines == 1 ? " solution" : " solutions");
    if (group) text += ", one per orbit of the group of " + std::to_string(group->order());
    if (settings.run.shard_count > 1) text += ", of shard " + shard_text(settings.run.shard_index, settings.run.shard_count);
    if (!settings.out.empty()) text += ", in " + settings.out;
    if (complete) return text + " (all of them)";
    return text + (settings.checkpoint.empty() ? " (stopped: not all of them)"
                                               : " (stopped: not all of them; run again with the same --checkpoint and --out to carry on)");
}

// The solutions of the subproblems in progress, kept until each is finished and written whole.
class FoundSolutions {
public:
    explicit FoundSolutions(std::size_t subproblems) : found_(subproblems) {}
    void add(std::size_t id, std::span<const OptionId> solution) {
        found_[id].insert(found_[id].end(), solution.begin(), solution.end());
        found_[id].push_back(kEnd);
    }
    // Subproblem id's solutions as lines numbered on from `before`, and how many; forgotten here.
    std::pair<std::string, Count> take(std::size_t id, const Problem& problem, const Count& before, bool json) {
        std::string block;
        Count lines = 0;
        for (auto begin = found_[id].begin(); begin != found_[id].end();) {
            const auto end = std::find(begin, found_[id].end(), kEnd);
            const std::span<const OptionId> solution(&*begin, static_cast<std::size_t>(end - begin));
            ++lines;
            block += solution_line(problem, solution, before + lines, json, "") + '\n';
            begin = end + 1;
        }
        std::vector<OptionId>().swap(found_[id]);
        return {std::move(block), lines};
    }

private:
    static constexpr OptionId kEnd = std::numeric_limits<OptionId>::max();
    std::vector<std::vector<OptionId>> found_;  // per subproblem, its solutions' options, each list ended by kEnd
};

// The stream's journal, with the length of the file its finished subproblems vouch for; the
// unfinished ones start again (their solutions before the position were never written).
RunJournal stream_journal(const Settings& settings, const Plan& plan, std::optional<std::uint64_t>& vouched) {
    const std::string mode = fingerprint_mode(plan) + (settings.distinct ? "+stream-distinct" : "+stream");
    RunJournal journal(settings, true, run_fingerprint(plan.matrix(), plan.split.depth(), mode), plan.split, nullptr);
    for (SubproblemResult& r : journal.known) {
        if (r.finished && r.streamed_to) vouched = std::max(vouched.value_or(0), *r.streamed_to);
        if (!r.finished) r = SubproblemResult{};
    }
    return journal;
}

}  // namespace

int stream_all(const Problem& problem, const Settings& given) {
    Settings settings = given;
    if (settings.distinct && problem.symmetries.empty())
        throw InputError("--distinct: " + problem.name +
                         " has no symmetry group (a DLX file, or a model without one): every solution is its own orbit");
    settings.plan.symmetry = settings.distinct ? SymmetryMode::check : SymmetryMode::none;  // a reduction would leave solutions out
    Stop stop(&stop_on_signals());
    const int threads = resolve_threads(settings.run.threads);
    std::optional<Plan> planned;
    try {
        planned = plan_for(problem, settings, threads, stop);
    } catch (const Stopped&) {
        std::cerr << "xcount: stopped while planning the split: no solution written\n";
        return kExitPartial;
    }
    const Plan& plan = *planned;
    const Group* group = settings.distinct ? plan.fixed_group() : nullptr;
    if (settings.distinct && !group) throw InputError("--distinct: the model's symmetries do not form a group of this matrix");
    std::optional<std::uint64_t> vouched;
    RunJournal journal = stream_journal(settings, plan, vouched);
    SolutionsOut out(settings.out, vouched);
    FoundSolutions found(plan.split.size());
    std::string failure;
    RunOptions options = settings.run;
    options.threads = threads;
    options.engine = plan.method.engine;
    options.on_solution = [&](std::size_t id, std::span<const OptionId> solution) {
        if (!group || group->least_in_orbit(solution)) found.add(id, solution);
    };
    options.stop = &stop;
    options.on_finished = [&](std::size_t id, const SubproblemResult& r) {
        if (!failure.empty()) return;
        const auto [block, lines] = found.take(id, problem, out.lines(), settings.json);
        try {
            out.write(block, lines);
        } catch (const InputError& e) {
            failure = e.what();
            stop.raise();
            return;
        }
        SubproblemResult recorded = r;
        if (!settings.out.empty()) recorded.streamed_to = out.length();
        journal.record(id, recorded, failure, stop);
    };
    const RunReport report = run_split(plan.matrix(), plan.split, std::move(journal.known), options);
    journal.close(failure);
    if (!failure.empty()) {
        std::cerr << "xcount: " << failure << '\n';
        return kExitBadInput;
    }
    std::cerr << stream_tally(settings, group, out.lines(), report.total.complete) << '\n';
    return report.total.complete ? kExitOk : kExitPartial;
}

}  // namespace xcount::cli
