//! Fresnel's intermediate representation, after Mesa's NIR.
//!
//! - **Values** are SSA: each is defined once, by one instruction, and has a bit size (1 for
//!   booleans, 8 to 64) and a component count. Values are typeless; an instruction says how
//!   it reads them (an ALU opcode's type classes).
//! - **Registers** hold what is not (yet) SSA: `decl_reg` names one, `load_reg`/`store_reg`
//!   (with a write mask, and an indirect index for arrays) access it.
//! - **Variables and derefs**: before I/O lowering, memory is reached through deref chains
//!   (`deref_var`, array, struct, cast), themselves instructions producing 32-bit values,
//!   and `load_deref`/`store_deref`/`copy_deref`.
//! - **Control flow** is a tree: a function body is a list of blocks, `if`s and `loop`s;
//!   a list starts with a block, an `if` or `loop` is followed by a block, and no two blocks
//!   are adjacent. `break`/`continue`/`return` end a block. The CFG (predecessors and
//!   successors) is kept alongside and rebuilt from the tree after structural edits.
//!   Every function has an end block that every `return` and the fall-through reach.
//! - **Calls** copy in and out: a call takes the `in`/`inout` arguments and produces the
//!   return value and the `out`/`inout` results; parameters are function-local variables.
//! - **Use lists** are kept current by the editing methods of [`Function`].
//!
//! See `ARCHITECTURE.md` at the workspace root for how this fits the pipeline.

pub mod analysis;
pub mod builder;
pub mod entity;
pub mod float;
pub mod func;
pub mod instr;
pub mod intrinsic;
pub mod op;
pub mod parse;
pub mod print;
pub mod shader;
/// GL_EXT_spirv_intrinsics instructions (issue 5).
pub mod spirv_instruction;
pub mod types;
pub mod uses;
pub mod validate;
/// Operations on vendor extension types (issue 4).
pub mod vendor;

pub use builder::Builder;
pub use entity::{EntityId, EntityVec};
pub use func::{
    Block, CfNode, Function, FunctionControl, IfNode, ListRef, LoopNode, Param, ParamDir,
    ValueFlagsMap,
};
pub use instr::*;
pub use intrinsic::{
    AtomicOp, IndexKind, Intrinsic, IntrinsicInfo, ReductionOp, IMAGE_PROCESSING_QCOM,
};
pub use op::{AluInfo, AluOp, TypeClass, ALL_ALU_OPS};
pub use parse::{parse, ParseError};
pub use print::{print_function, Printer};
pub use shader::{
    access, Constant, GeometryInfo, Interp, Sampling, Shader, ShaderInfo, Stage, VarMode, Variable,
};
// Declaration decorations for back ends (issue 5 preparation).
pub use shader::{
    BlockPacking, Heap, HeapKind, HeapOffset, MemberDecor, Precision, SpecConstant, SpirvMode,
    SpirvModeOperand,
};
pub use types::{BaseType, Field, SamplerDim, Type, TypeId, Types};
/// Specializable array lengths (issue 5, helper B).
pub use types::{SpecExpr, SpecOp};
pub use uses::UseList;
pub use validate::{validate, ValidationError};
