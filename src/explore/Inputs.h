//===- Inputs.h - The entry function's parameters as symbolic inputs ------===//
#ifndef THESEUS_EXPLORE_INPUTS_H
#define THESEUS_EXPLORE_INPUTS_H

#include "exec/ExecutionState.h"
#include "explore/Exchange.h"
#include "expr/Assignment.h"
#include "program/Program.h"

#include <random>
#include <string>
#include <vector>

namespace llvm {
class Function;
} // namespace llvm

namespace theseus {

/// One argument of a command line: concrete text, or (`Symbolic`) a string
/// of up to `MaxLen` symbolic bytes.
struct ArgSpec {
  bool Symbolic = false;
  std::string Text;
  unsigned MaxLen = 0;
};

/// The command line `main(argc, argv)` gets, as KLEE users write it.
struct CommandLineSpec {
  std::string ProgramName = "program"; ///< argv[0].
  std::vector<ArgSpec> Args;           ///< argv[1...], in order.
  /// --sym-args MIN MAX N after `Args`: argc is symbolic within the range.
  unsigned SymArgsMin = 0, SymArgsMax = 0, SymArgsLen = 0;
};

/// Parses the words after `--`: concrete arguments, `--sym-arg N` and a
/// final `--sym-args MIN MAX N`. Throws InputError.
CommandLineSpec parseCommandLine(const std::vector<std::string> &Words);

/// How the entry's inputs are built beyond the buffer sizes.
struct InputOptions {
  CommandLineSpec CommandLine;
  /// "name=value" (name, `p.x` or `a[3]`): fixed, not symbolic.
  std::vector<std::string> Concrete;
};

/// One symbolic input: a parameter and the byte array holding it.
struct InputSpec {
  ParamInfo Param;
  const Array *Arr;
  /// Bytes fixed by --concrete (-1: free); empty when none are.
  std::vector<int16_t> Fixed;
};

/// Maps the entry's parameters to named byte arrays (inputs are bytes, as
/// in KLEE, so any type round-trips through a test) and back to typed
/// values.
class EntryInputs {
public:
  EntryInputs(ExprContext &Ctx, const llvm::Function &Entry,
              const BufferSizes &Sizes = {}, const InputOptions &Opts = {});

  /// The parameters that are input values (not argc, argv, envp).
  const std::vector<InputSpec> &specs() const { return Specs; }
  /// The entry takes a command line (argc, argv).
  bool hasCommandLine() const { return !Roles.empty(); }
  /// argv under `A`, argv[0] first, each argument's bytes up to its NUL.
  std::vector<std::string> argv(const Assignment &A) const;

  /// Arguments for a run on `A`: concrete bytes and their symbols, and the
  /// buffers behind pointer parameters.
  std::vector<EntryArg> bind(const Assignment &A) const;
  /// The bytes the parameter gets under `A`: with --concrete values, a
  /// linked length's bound and a string's final NUL applied.
  static std::vector<uint8_t> bytes(const InputSpec &S, const Assignment &A);

  Assignment zeros() const;
  /// The parameters' chosen bytes (chosenBytes) taken from `S` in order
  /// (see Exchange.h); `S` is left at the first input the program creates.
  Assignment fromStream(InputStream &S) const;
  /// The stream of a run on `A`: the parameters' chosen bytes, then those
  /// of the inputs the run created, in order.
  std::vector<uint8_t> toStream(const Assignment &A,
                                llvm::ArrayRef<const Array *> Created) const;
  /// Some of the command line is symbolic (--sym-arg, --sym-args): not
  /// part of an input stream.
  bool hasSymbolicCommandLine() const;
  /// Random bytes; each float (a parameter, a buffer's element, a struct
  /// member) is half the time a special value: a zero, an infinity, a NaN,
  /// a subnormal or an end of the normal range, of either sign.
  Assignment random(std::mt19937_64 &Rng) const;
  /// Applies "name=value,name=value". Throws InputError on unknown names or
  /// malformed values.
  void applySeed(Assignment &A, const std::string &Spec) const;

  /// The parameter's value under `A`, as the C type reads it.
  static int64_t signedValue(const InputSpec &S, const Assignment &A);
  static uint64_t unsignedValue(const InputSpec &S, const Assignment &A);

  /// A length linked to its buffer (ParamInfo::LengthOf) as runs see it,
  /// its input modulo the element count plus one, and as it would be
  /// without the link, its input; nulls for any other parameter.
  std::pair<ExprRef, ExprRef> lengthLink(const InputSpec &S) const;

private:
  /// A command-line argument: concrete text or a symbolic array.
  struct Argument {
    std::string Text;
    const Array *Arr = nullptr;
    unsigned MaxLen = 0;
  };

  void buildCommandLine(const std::vector<ParamInfo> &Params,
                        const CommandLineSpec &C);
  void applyConcrete(const std::string &Item);
  ExprRef byteExpr(const InputSpec &S, uint32_t Index) const;
  ExprRef littleEndian(const InputSpec &S, uint32_t Offset,
                       uint32_t Size) const;
  ExprRef unboundedScalar(const InputSpec &S) const;
  EntryArg bindScalar(const InputSpec &S, const Assignment &A) const;
  std::vector<EntryArg> bindCommandLine(const Assignment &A) const;
  /// argc under `A`, and its expression (null when concrete).
  ConcolicValue argc(const Assignment &A) const;
  std::vector<const Array *> arrays() const;

  ExprContext &Ctx;
  std::vector<InputSpec> Specs;
  /// The command line: main's parameters in order, the arguments with
  /// argv[0] first, and argc's choice among --sym-args counts.
  std::vector<ParamInfo> Roles;
  std::vector<Argument> Args;
  unsigned FixedArgs = 0; ///< Always present, argv[0] included.
  unsigned OptionalArgs = 0;
  const Array *ArgcArr = nullptr;
};

} // namespace theseus

#endif
