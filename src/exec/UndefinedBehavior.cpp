//===- UndefinedBehavior.cpp - Checked arithmetic and UBSan handlers ------===//
//
// With --check=ub the program is compiled with UndefinedBehaviorSanitizer
// instrumentation: each check is an ordinary branch (which the explorer
// negates like any other) guarding a call to a `__ubsan_handle_*` function,
// which here is a bug. The checks of integer overflow use the
// `llvm.*.with.overflow` intrinsics, which __builtin_*_overflow also
// produces.
//
//===----------------------------------------------------------------------===//
#include "exec/InterpreterRun.h"

namespace theseus {

namespace {

bool isSignedOverflow(llvm::Intrinsic::ID Id) {
  return Id == llvm::Intrinsic::sadd_with_overflow ||
         Id == llvm::Intrinsic::ssub_with_overflow ||
         Id == llvm::Intrinsic::smul_with_overflow;
}

ExprKind overflowOperation(llvm::Intrinsic::ID Id) {
  switch (Id) {
  case llvm::Intrinsic::sadd_with_overflow:
  case llvm::Intrinsic::uadd_with_overflow:
    return ExprKind::Add;
  case llvm::Intrinsic::ssub_with_overflow:
  case llvm::Intrinsic::usub_with_overflow:
    return ExprKind::Sub;
  default:
    return ExprKind::Mul;
  }
}

/// Whether `A op B` at `W` bits leaves the range of the (un)signed type:
/// the exact result in 128 bits differs from the wrapped one.
bool overflows(ExprKind Op, bool Signed, uint64_t A, uint64_t B,
               uint64_t Wrapped, unsigned W) {
  auto Wide = [&](uint64_t V) -> __int128 {
    return Signed ? __int128(signExtend(V, W)) : __int128(truncBits(V, W));
  };
  __int128 Exact = 0;
  bool WideOverflow =
      Op == ExprKind::Add   ? __builtin_add_overflow(Wide(A), Wide(B), &Exact)
      : Op == ExprKind::Sub ? __builtin_sub_overflow(Wide(A), Wide(B), &Exact)
                            : __builtin_mul_overflow(Wide(A), Wide(B), &Exact);
  return WideOverflow || Exact != Wide(Wrapped);
}

/// The overflow bit of `A op B` (wrapped: `Result`) as an expression.
ExprRef overflowCondition(ExprContext &Ctx, llvm::Intrinsic::ID Id, ExprRef A,
                          ExprRef B, ExprRef Result, unsigned W) {
  ExprRef Zero = Ctx.constant(0, W);
  switch (Id) {
  case llvm::Intrinsic::sadd_with_overflow: // Both signs differ from the sum.
    return Ctx.slt(Ctx.bitAnd(Ctx.bitXor(A, Result), Ctx.bitXor(B, Result)),
                   Zero);
  case llvm::Intrinsic::ssub_with_overflow: // A's sign differs from B's and
                                            // from the difference's.
    return Ctx.slt(Ctx.bitAnd(Ctx.bitXor(A, B), Ctx.bitXor(A, Result)), Zero);
  case llvm::Intrinsic::uadd_with_overflow:
    return Ctx.ult(Result, A);
  case llvm::Intrinsic::usub_with_overflow:
    return Ctx.ult(A, B);
  default:
    break;
  }
  bool Signed = Id == llvm::Intrinsic::smul_with_overflow;
  if (2 * W <= 64) { // The exact product fits in twice the width.
    ExprRef Exact =
        Ctx.mul(Ctx.resize(A, 2 * W, Signed), Ctx.resize(B, 2 * W, Signed));
    return Ctx.ne(Exact, Ctx.resize(Result, 2 * W, Signed));
  }
  // Dividing the wrapped product by A gives B back exactly when it did not
  // wrap; MIN * -1 is the one overflow that division also wraps.
  ExprKind Div = Signed ? ExprKind::SDiv : ExprKind::UDiv;
  ExprRef Wrapped =
      Ctx.logicalAnd(Ctx.ne(A, Zero), Ctx.ne(Ctx.binary(Div, Result, A), B));
  if (!Signed)
    return Wrapped;
  uint64_t Min = uint64_t(1) << (W - 1);
  return Ctx.logicalOr(Wrapped,
                       Ctx.logicalAnd(Ctx.eq(A, Ctx.constant(~uint64_t(0), W)),
                                      Ctx.eq(B, Ctx.constant(Min, W))));
}

} // namespace

/// An `llvm.*.with.overflow` call returns {result, overflow}, an aggregate
/// that no register of the interpreter holds. The call itself computes
/// nothing; each extractvalue of it evaluates its field from the call's
/// operands, SSA values that are unchanged since the call.
void Interpreter::Run::extractValue(const llvm::ExtractValueInst &I) {
  auto *Call = llvm::dyn_cast<llvm::IntrinsicInst>(I.getAggregateOperand());
  if (!Call || !isOverflowIntrinsic(Call->getIntrinsicID()) ||
      I.getNumIndices() != 1)
    return unsupported(I, "extractvalue of an aggregate value");
  llvm::Intrinsic::ID Id = Call->getIntrinsicID();
  unsigned W = scalarWidth(Call->getArgOperand(0)->getType());
  if (W == 0 || W > 64)
    return unsupported(I, "overflow intrinsic on this type");
  ConcolicValue A = operand(Call->getArgOperand(0));
  ConcolicValue B = operand(Call->getArgOperand(1));
  ExprKind Op = overflowOperation(Id);
  uint64_t Bits = evalBinary(Op, A.Bits, B.Bits, W);
  ExprRef Sym = nullptr;
  if (A.Sym || B.Sym)
    Sym = Ctx.binary(Op, symOf(A, W), symOf(B, W));
  if (I.getIndices()[0] == 0)
    return set(I, value(Bits, Sym));
  bool Overflow = overflows(Op, isSignedOverflow(Id), A.Bits, B.Bits, Bits, W);
  if (!Sym)
    return set(I, {Overflow, nullptr});
  set(I, value(Overflow,
               overflowCondition(Ctx, Id, symOf(A, W), symOf(B, W), Sym, W)));
}

namespace {

struct SanitizerType {
  std::string Name = "?";
  unsigned Bits = 64;
  bool Signed = false;
};

/// What a UBSan handler was called with: operand values, and its static
/// data (the first argument), a SourceLocation {file pointer, line,
/// column} followed by pointers to type descriptors.
class SanitizerCall {
public:
  SanitizerCall(const Memory &Mem, ExprContext &Ctx, std::vector<uint64_t> Args,
                unsigned PointerBytes)
      : Mem(Mem), Ctx(Ctx), Args(std::move(Args)), PointerBytes(PointerBytes) {}

  uint64_t value(unsigned N) const { return N < Args.size() ? Args[N] : 0; }
  /// Operand N of type T: UBSan passes a value wider than a pointer (a
  /// 64-bit integer in ILP32) by its address.
  uint64_t value(unsigned N, const SanitizerType &T) const {
    if (T.Bits <= 8 * PointerBytes)
      return value(N);
    return word(value(N), std::min(T.Bits / 8, 8u));
  }

  /// A TypeDescriptor: {u16 kind, u16 info, char name[]}; for integers
  /// (kind 0) the info is log2(width) << 1 | signed.
  SanitizerType type(unsigned Field) const {
    SanitizerType T;
    uint64_t Addr =
        word(value(0) + PointerBytes + 8 + PointerBytes * Field, PointerBytes);
    AccessError Err;
    if (!Mem.resolve(Addr, 4, Err))
      return T;
    uint64_t Info = word(Addr + 2, 2);
    T.Name = Mem.readCString(Addr + 4, 128);
    if (word(Addr, 2) == 0 && (Info >> 1) <= 6) {
      T.Bits = 1u << (Info >> 1);
      T.Signed = Info & 1;
    }
    return T;
  }

private:
  uint64_t word(uint64_t Addr, unsigned Bytes) const {
    AccessError Err;
    if (!Mem.resolve(Addr, Bytes, Err))
      return 0;
    ExprRef Unused;
    return Mem.load(Ctx, Addr, Bytes, Unused);
  }

  const Memory &Mem;
  ExprContext &Ctx;
  std::vector<uint64_t> Args;
  unsigned PointerBytes;
};

std::string formatValue(uint64_t Bits, const SanitizerType &T) {
  return T.Signed ? std::to_string(signExtend(Bits, T.Bits))
                  : std::to_string(truncBits(Bits, T.Bits));
}

/// UBSan's message for a shift it rejects (its wording).
std::string shiftMessage(uint64_t L, uint64_t R, const SanitizerType &LT,
                         const SanitizerType &RT) {
  std::string Amount = formatValue(R, RT);
  if (RT.Signed && signExtend(R, RT.Bits) < 0)
    return fmt::format("shift exponent {} is negative", Amount);
  if (truncBits(R, RT.Bits) >= LT.Bits)
    return fmt::format("shift exponent {} is too large for {}-bit type {}",
                       Amount, LT.Bits, LT.Name);
  if (LT.Signed && signExtend(L, LT.Bits) < 0)
    return fmt::format("left shift of negative value {}", formatValue(L, LT));
  return fmt::format("left shift of {} by {} places cannot be represented in "
                     "type {}",
                     formatValue(L, LT), Amount, LT.Name);
}

std::string overflowMessage(const SanitizerCall &C, const char *Op) {
  SanitizerType T = C.type(0);
  return fmt::format(
      "signed integer overflow: {} {} {} cannot be represented in type {}",
      formatValue(C.value(1, T), T), Op, formatValue(C.value(2, T), T), T.Name);
}

struct SanitizerBug {
  std::string Kind;
  std::string Message;
};
using DescribeCheck = SanitizerBug (*)(const SanitizerCall &);

/// Bug kind and message (UBSan's wording) per handler, by check name.
const std::map<std::string, DescribeCheck, std::less<>> &sanitizerChecks() {
  static const std::map<std::string, DescribeCheck, std::less<>> Checks = {
      {"add_overflow",
       [](const SanitizerCall &C) -> SanitizerBug {
         return {"signed-overflow", overflowMessage(C, "+")};
       }},
      {"sub_overflow",
       [](const SanitizerCall &C) -> SanitizerBug {
         return {"signed-overflow", overflowMessage(C, "-")};
       }},
      {"mul_overflow",
       [](const SanitizerCall &C) -> SanitizerBug {
         return {"signed-overflow", overflowMessage(C, "*")};
       }},
      {"negate_overflow",
       [](const SanitizerCall &C) -> SanitizerBug {
         SanitizerType T = C.type(0);
         return {"signed-overflow",
                 fmt::format("negation of {} cannot be represented in type "
                             "{}",
                             formatValue(C.value(1, T), T), T.Name)};
       }},
      // The engine's own division kinds, so --check=ub does not rename them.
      {"divrem_overflow",
       [](const SanitizerCall &C) -> SanitizerBug {
         SanitizerType T = C.type(0);
         if (truncBits(C.value(2, T), T.Bits) == 0)
           return {"division-by-zero", "division by zero"};
         return {"division-overflow",
                 fmt::format("division of {} by -1 cannot be represented in "
                             "type {}",
                             formatValue(C.value(1, T), T), T.Name)};
       }},
      {"shift_out_of_bounds",
       [](const SanitizerCall &C) -> SanitizerBug {
         SanitizerType L = C.type(0), R = C.type(1);
         return {"shift-out-of-bounds",
                 shiftMessage(C.value(1, L), C.value(2, R), L, R)};
       }},
      {"out_of_bounds",
       [](const SanitizerCall &C) -> SanitizerBug {
         SanitizerType Index = C.type(1);
         return {"index-out-of-bounds",
                 fmt::format("index {} out of bounds for type {}",
                             formatValue(C.value(1, Index), Index),
                             C.type(0).Name)};
       }},
      {"load_invalid_value",
       [](const SanitizerCall &C) -> SanitizerBug {
         SanitizerType T = C.type(0);
         return {"invalid-value",
                 fmt::format("load of value {}, which is not a valid value "
                             "for type {}",
                             formatValue(C.value(1, T), T), T.Name)};
       }},
      {"vla_bound_not_positive",
       [](const SanitizerCall &C) -> SanitizerBug {
         SanitizerType T = C.type(0);
         return {"vla-bound",
                 fmt::format("variable length array bound evaluates to "
                             "non-positive value {}",
                             formatValue(C.value(1, T), T))};
       }},
      {"float_cast_overflow",
       [](const SanitizerCall &C) -> SanitizerBug {
         return {"float-cast-overflow",
                 fmt::format("value is outside the range of representable "
                             "values of type {}",
                             C.type(1).Name)};
       }},
      {"invalid_builtin",
       [](const SanitizerCall &) -> SanitizerBug {
         return {"invalid-builtin", "passing zero to a bit-counting builtin, "
                                    "which is not a valid argument"};
       }},
      {"builtin_unreachable",
       [](const SanitizerCall &) -> SanitizerBug {
         return {"builtin-unreachable",
                 "execution reached an unreachable program point"};
       }},
      {"missing_return",
       [](const SanitizerCall &) -> SanitizerBug {
         return {"missing-return", "execution reached the end of a "
                                   "value-returning function without "
                                   "returning a value"};
       }},
      {"nonnull_arg",
       [](const SanitizerCall &) -> SanitizerBug {
         return {"nonnull-argument", "null pointer passed as an argument "
                                     "declared to never be null"};
       }},
      {"nonnull_return_v1",
       [](const SanitizerCall &) -> SanitizerBug {
         return {"nonnull-return", "null pointer returned from a function "
                                   "declared to never return null"};
       }},
  };
  return Checks;
}

} // namespace

/// A call of a `__ubsan_handle_*` function: the check before it failed.
/// The bug's location is the call's debug location, the line UBSan would
/// name.
bool Interpreter::Run::sanitizerHandler(const llvm::CallBase &I,
                                        const llvm::Function &F) {
  llvm::StringRef Check = F.getName();
  if (!Check.consume_front("__ubsan_handle_"))
    return false;
  Check.consume_back("_abort");
  std::vector<uint64_t> Args;
  for (const llvm::Use &A : I.args())
    Args.push_back(operand(A.get()).Bits);
  SanitizerCall Call(S.Mem, Ctx, std::move(Args), DL.getPointerSize());
  auto It = sanitizerChecks().find(Check);
  if (It == sanitizerChecks().end()) {
    bug("undefined-behavior",
        fmt::format("UndefinedBehaviorSanitizer check '{}' failed",
                    Check.str()),
        I);
    return true;
  }
  SanitizerBug B = It->second(Call);
  bug(B.Kind, B.Message, I);
  return true;
}

} // namespace theseus
