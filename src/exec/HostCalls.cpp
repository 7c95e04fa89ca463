//===- HostCalls.cpp - Host models, externals policy, native calls --------===//
#include "exec/InterpreterRun.h"

#include "llvm/ADT/STLExtras.h"

#include <csignal>
#include <cstdio>
#include <fcntl.h>
#include <map>
#include <optional>

namespace theseus {

bool Interpreter::Run::hostModel(const llvm::CallBase &I,
                                 const llvm::Function &F) {
  llvm::StringRef Name = F.getName();
  auto Arg = [&](unsigned N) { return operand(I.getArgOperand(N)); };
  if (Name == "raise") {
    raiseSignal(I, Name, static_cast<int>(pin(Arg(0), 32, I)));
    return true;
  }
  if (Name == "kill") {
    // Signalling itself (or its process group) is raise(); signalling
    // other processes is left to the policy.
    auto Pid = static_cast<pid_t>(pin(Arg(0), 32, I));
    if (Pid != 0 && Pid != getpid())
      return false;
    raiseSignal(I, Name, static_cast<int>(pin(Arg(1), 32, I)));
    return true;
  }
  if (Name == "signal" || Name == "sigaction") {
    // No handler is installed: a signal raised later ends the path as if
    // it had its default action, which is exact only if the handler would
    // not have run.
    ConcolicValue Handler = Arg(1);
    if (Handler.Sym || Handler.Bits != 0)
      Obs.onConcretization(&I, "signal handler not installed");
    if (!I.getType()->isVoidTy())
      set(I, {0, nullptr});
    return true;
  }
  if (Name.starts_with("pthread_") || Name.starts_with("thrd_") ||
      Name == "clone") {
    unsupported(
        I, fmt::format("threads are not supported (call to {})", Name.str()));
    return true;
  }
  if (llvm::is_contained({"setjmp", "_setjmp", "sigsetjmp", "__sigsetjmp",
                          "longjmp", "_longjmp", "siglongjmp", "__longjmp_chk"},
                         Name)) {
    unsupported(I, fmt::format("non-local jumps (setjmp/longjmp) are not "
                               "supported (call to {})",
                               Name.str()));
    return true;
  }
  return false;
}

/// The argument of a reading function that names the open file: a FILE *
/// or a descriptor. --externals=safe lets a program read stdin and the
/// files it opened for reading, and close those files.
static std::optional<unsigned> fileArgument(llvm::StringRef Name) {
  return llvm::StringSwitch<std::optional<unsigned>>(Name)
      .Cases("fclose", "close", "read", "fgetc", "getc", 0u)
      .Cases("__read", "_IO_getc", 0u) // From the stdio models.
      .Case("_IO_ungetc", 1u)
      .Case("fgets_unlocked", 2u)
      .Case("fread_unlocked", 3u)
      .Cases("feof", "ferror", "fileno", "fseek", "ftell", 0u)
      .Cases("rewind", "clearerr", "lseek", 0u)
      .Cases("ungetc", "fscanf", "__isoc99_fscanf", 1u)
      .Case("fgets", 2u)
      .Case("fread", 3u)
      .Default(std::nullopt);
}

static bool isStdin(uint64_t Handle, bool Descriptor) {
  return Descriptor ? Handle == 0 : Handle == reinterpret_cast<uint64_t>(stdin);
}

std::string Interpreter::Run::openDenial(const llvm::CallBase &I,
                                         llvm::StringRef Callee) {
  std::string Where = sourceLocOf(&I).str();
  if (Callee == "fopen" || Callee == "fopen64") {
    uint64_t Mode = operand(I.getArgOperand(1)).Bits;
    pinPointee(I, Mode, Callee, false);
    std::string Text = S.Mem.readCString(Mode, 16);
    if (!Text.empty() && Text[0] == 'r' && Text.find('+') == std::string::npos)
      return "";
    return fmt::format("call to {} with mode \"{}\" denied at {}: it opens a "
                       "file for writing; --externals=allow-all runs it "
                       "natively",
                       Callee.str(), Text, Where);
  }
  unsigned FlagsArg = Callee == "openat" ? 2 : 1;
  auto Flags = static_cast<int>(pin(operand(I.getArgOperand(FlagsArg)), 32, I));
  if ((Flags & O_ACCMODE) == O_RDONLY && !(Flags & (O_CREAT | O_TRUNC)))
    return "";
  return fmt::format("call to {} with flags {:#o} denied at {}: it opens a "
                     "file for writing or creates one; --externals=allow-all "
                     "runs it natively",
                     Callee.str(), Flags, Where);
}

std::string Interpreter::Run::nativeDenial(const llvm::CallBase &I,
                                           const llvm::Function &F) {
  std::string Name = F.getName().str();
  std::string Where = sourceLocOf(&I).str();
  switch (In.Opts.Externals) {
  case ExternalPolicy::AllowAll:
    return "";
  case ExternalPolicy::Deny:
    if (isOutputFunction(Name))
      return "";
    return fmt::format("external call to {} denied (--externals=deny) at {}",
                       Name, Where);
  case ExternalPolicy::Safe:
    break;
  }
  if (isHarmlessHostFunction(Name) || NativeCaller::isFromLoadedLibrary(Name))
    return "";
  if (llvm::is_contained({"fopen", "fopen64", "open", "open64", "openat"},
                         Name))
    return openDenial(I, Name);
  if (Name == "write") {
    // To stdout (captured) or stderr; other descriptors may be Theseus'.
    uint64_t Fd = pin(operand(I.getArgOperand(0)), 32, I);
    if (Fd == 1 || Fd == 2)
      return "";
  }
  if (std::optional<unsigned> N = fileArgument(Name)) {
    uint64_t Handle = pin(operand(I.getArgOperand(*N)), 64, I);
    bool Descriptor = I.getArgOperand(*N)->getType()->isIntegerTy();
    bool Closes = Name == "fclose" || Name == "close";
    if (HostFiles::isOpen(Handle) || (!Closes && isStdin(Handle, Descriptor)))
      return "";
    return fmt::format("call to {} denied at {}: it uses a file the program "
                       "did not open for reading; --externals=allow-all runs "
                       "it natively",
                       Name, Where);
  }
  if (const char *Effect = hostEffectOf(Name))
    return fmt::format("call to {} denied at {}: it {}; --externals=allow-all "
                       "runs it natively",
                       Name, Where, Effect);
  return fmt::format("call to {} denied at {}: it is not on the list of "
                     "harmless functions; --externals=allow-all runs it "
                     "natively",
                     Name, Where);
}

void Interpreter::Run::pinPointee(const llvm::CallBase &I, uint64_t Addr,
                                  llvm::StringRef Callee, bool Output) {
  const MemoryObject *O = S.Mem.objectNear(Addr);
  if (!O || Addr >= O->Base + O->Size)
    return;
  const ObjectContents *C = S.Mem.objects().at(O->Base).second.get();
  if (!C || C->Symbolic.empty())
    return;
  std::string Reason =
      fmt::format("symbolic bytes passed to {} {}",
                  Output ? "output function" : "native", Callee.str());
  if (Output)
    return Obs.onSymbolicOutput(&I, (Reason + " (not pinned)").c_str());
  Obs.onConcretization(&I, Reason.c_str());
  if (In.Opts.ExternalArgs != ConcretizeMode::Pin)
    return;
  // One decision for the whole object, in offset order so that runs are
  // reproducible.
  std::map<uint64_t, ExprRef> Bytes(C->Symbolic.begin(), C->Symbolic.end());
  ExprRef All = nullptr;
  for (const auto &[Offset, Byte] : Bytes) {
    ExprRef Eq = Ctx.eq(Byte, Ctx.constant(C->Bytes[Offset], 8));
    All = All ? Ctx.logicalAnd(All, Eq) : Eq;
  }
  decide(All, true, BranchKind::Pin, I);
}

/// Remembers the files a native call opened or closed.
static void trackHostFiles(llvm::StringRef Name,
                           const std::vector<NativeArg> &Args, uint64_t Ret) {
  if (Name == "fopen" || Name == "fopen64") {
    if (Ret != 0)
      HostFiles::opened(Ret);
  } else if (Name == "open" || Name == "open64" || Name == "openat") {
    if (static_cast<int>(Ret) >= 0)
      HostFiles::opened(static_cast<uint32_t>(Ret));
  } else if (Name == "fclose" || Name == "close") {
    HostFiles::closed(Name == "close" ? static_cast<uint32_t>(Args[0].Bits)
                                      : Args[0].Bits);
  }
}

bool Interpreter::Run::hostStreamArgument(const llvm::CallBase &I,
                                          const llvm::Function &F,
                                          std::vector<NativeArg> &Args) {
  std::optional<unsigned> Index = streamArgumentOf(F.getName());
  if (!Index || *Index >= Args.size())
    return true;
  uint64_t &Stream = Args[*Index].Bits;
  if (Stream == 0 && F.getName() == "fflush")
    return true; // All streams.
  auto It = In.HostStreams.find(Stream);
  if (It == In.HostStreams.end()) {
    unsupported(I, fmt::format("native call to '{}' in an ILP32 program on "
                               "a stream other than stdin, stdout or stderr",
                               F.getName().str()));
    return false;
  }
  Stream = It->second;
  return true;
}

bool Interpreter::Run::narrowFormatArgument(const llvm::CallBase &I,
                                            const llvm::Function &F,
                                            std::vector<NativeArg> &Args,
                                            std::string &HostFormat) {
  std::optional<unsigned> Index = formatArgumentOf(F.getName());
  if (!Index || *Index >= Args.size())
    return true;
  HostFormat = S.Mem.readCString(Args[*Index].Bits, MaxFormatBytes);
  std::string Error;
  if (!narrowFormatForILP32(HostFormat, F.getName().contains("scanf"), Error)) {
    unsupported(I, fmt::format("native call to '{}' in an ILP32 program "
                               "with {}",
                               F.getName().str(), Error));
    return false;
  }
  Args[*Index].Bits = reinterpret_cast<uint64_t>(HostFormat.c_str());
  return true;
}

/// A math function without a model is named: its result is the one thing
/// of the program that stays concrete whatever the inputs.
void Interpreter::Run::concretizedArgument(const llvm::CallBase &I,
                                           llvm::StringRef Callee) {
  if (!isMathFunction(Callee))
    return Obs.onConcretization(&I, "argument of a native call");
  std::string Reason = fmt::format(
      "argument of {}, a math function computed natively", Callee.str());
  Obs.onConcretization(&I, Reason.c_str());
}

void Interpreter::Run::native(const llvm::CallBase &I,
                              const llvm::Function &F) {
  if (hostModel(I, F) || libmCall(I, F))
    return;
  void *Fn = NativeCaller::lookup(F.getName().str());
  if (!Fn)
    return unsupported(I, fmt::format("call to '{}', which has no body and "
                                      "no native definition",
                                      F.getName().str()));
  std::string Denial = nativeDenial(I, F);
  if (!Denial.empty()) {
    Out.Message = Denial;
    return finish(PathEnd::ExternalDenied, &I);
  }
  if (PointerBits == 32 && !isNativeSafeForILP32(F.getName()))
    return unsupported(
        I, fmt::format("native call to '{}' in an ILP32 program: the host's "
                       "function is 64-bit code, and Theseus cannot translate "
                       "arguments whose layout differs (long, size_t, "
                       "pointers and the structures holding them)",
                       F.getName().str()));
  Obs.onExternalCall(&F);
  bool Output = isOutputFunction(F.getName());
  std::vector<NativeArg> Args;
  bool PassesPointer = false;
  for (unsigned N = 0; N < I.arg_size(); ++N) {
    const llvm::Value *A = I.getArgOperand(N);
    ConcolicValue V = operand(A);
    unsigned W = scalarWidth(A->getType());
    if (W == 0)
      return unsupported(I, fmt::format("an aggregate argument to native "
                                        "function '{}'",
                                        F.getName().str()));
    if (V.Sym && Output) {
      Obs.onSymbolicOutput(&I, "argument of an output call (not pinned)");
    } else if (V.Sym) {
      if (In.Opts.ExternalArgs == ConcretizeMode::Pin)
        pin(V, W, I);
      concretizedArgument(I, F.getName());
    }
    if (A->getType()->isPointerTy()) {
      PassesPointer = true;
      pinPointee(I, V.Bits, F.getName(), Output);
    }
    // ILP32: a 32-bit integer may be a `long`, 64-bit on the host, and
    // sign extension gives it its value there.
    bool SignExtend = I.paramHasAttr(N, llvm::Attribute::SExt) ||
                      (PointerBits == 32 && W == 32);
    Args.push_back({A->getType(), V.Bits, SignExtend});
  }
  if (PassesPointer && !S.Mem.isHostBacked())
    return unsupported(I, fmt::format("native call to '{}' with a pointer: the "
                                      "program's memory could not be mapped "
                                      "at its addresses in this process",
                                      F.getName().str()));
  std::string HostFormat; // Outlives the call.
  if (PointerBits == 32 && (!hostStreamArgument(I, F, Args) ||
                            !narrowFormatArgument(I, F, Args, HostFormat)))
    return;
  unsigned Fixed = F.getFunctionType()->getNumParams();
  uint64_t Ret = 0;
  std::string Error;
  bool Ok;
  {
    std::unique_lock<std::mutex> Host;
    if (PassesPointer) {
      Host = S.Mem.lockHost();
      S.Mem.syncToHost();
    }
    {
      StdoutCapture Capture(S.Stdout);
      Ok = In.Native->call(Fn, I.getType(), Args, Fixed, Ret, Error);
    }
    if (PassesPointer)
      S.Mem.syncFromHost();
  }
  if (!Ok)
    return unsupported(I, fmt::format("native call to '{}' with {}",
                                      F.getName().str(), Error));
  trackHostFiles(F.getName(), Args, Ret);
  if (I.getType()->isPointerTy() && !In.fitsPointer(Ret))
    return unsupported(I, fmt::format("native call to '{}' returned the host "
                                      "address {:#x}, which a {}-bit pointer "
                                      "cannot hold",
                                      F.getName().str(), Ret, PointerBits));
  if (!I.getType()->isVoidTy())
    set(I, {truncBits(Ret, scalarWidth(I.getType())), nullptr});
}

} // namespace theseus
