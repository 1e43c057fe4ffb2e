//! ALU opcodes: pure, per-component (or fixed-size) arithmetic on typeless values. Each has a
//! row in one table: its name in the text form, its sources' type classes and sizes, the
//! result's, and properties. The validator, the printer/parser, the interpreter and the
//! optimizer's algebraic rules all read this table.

/// How an ALU source or result is interpreted.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum TypeClass {
    /// Any bits (moves, selects, vector construction).
    Any,
    Float,
    Int,
    Uint,
    /// A 1-bit boolean.
    Bool,
}

/// Properties of an opcode.
#[derive(Copy, Clone, Debug)]
pub struct AluInfo {
    pub name: &'static str,
    pub num_srcs: u8,
    pub src_class: [TypeClass; 4],
    /// Components of each source: 0 = as many as the result (per-component ops).
    pub src_size: [u8; 4],
    pub dest_class: TypeClass,
    /// Components of the result: 0 = as many as the sources (per-component ops).
    pub dest_size: u8,
    /// The result's bit size is chosen freely (conversions); otherwise it is the sources'.
    pub conversion: bool,
    /// `op(a, b) == op(b, a)`.
    pub commutative: bool,
    /// Reads neighbouring invocations (derivatives): may not move across control flow.
    pub cross_invocation: bool,
}

macro_rules! alu_ops {
    ($(
        $(#[$doc:meta])*
        $variant:ident = $name:literal ($($sc:ident : $ss:literal),*) -> $dc:ident : $ds:literal
            $(, $flag:ident)*;
    )*) => {
        /// An ALU opcode.
        #[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
        pub enum AluOp { $($(#[$doc])* $variant),* }

        /// Every opcode, in table order.
        pub const ALL_ALU_OPS: &[AluOp] = &[$(AluOp::$variant),*];

        impl AluOp {
            pub fn info(self) -> &'static AluInfo {
                match self {
                    $(AluOp::$variant => {
                        const INFO: AluInfo = {
                            let classes: &[TypeClass] = &[$(TypeClass::$sc),*];
                            let sizes: &[u8] = &[$($ss),*];
                            let mut src_class = [TypeClass::Any; 4];
                            let mut src_size = [0u8; 4];
                            let mut i = 0;
                            while i < classes.len() {
                                src_class[i] = classes[i];
                                src_size[i] = sizes[i];
                                i += 1;
                            }
                            #[allow(unused_mut)]
                            let mut info = AluInfo {
                                name: $name,
                                num_srcs: classes.len() as u8,
                                src_class,
                                src_size,
                                dest_class: TypeClass::$dc,
                                dest_size: $ds,
                                conversion: false,
                                commutative: false,
                                cross_invocation: false,
                            };
                            $( info = alu_flag!(info, $flag); )*
                            info
                        };
                        &INFO
                    })*
                }
            }

            pub fn from_name(s: &str) -> Option<AluOp> {
                Some(match s {
                    $($name => AluOp::$variant,)*
                    _ => return None,
                })
            }
        }
    };
}

macro_rules! alu_flag {
    ($info:expr, conv) => {
        AluInfo {
            conversion: true,
            ..$info
        }
    };
    ($info:expr, comm) => {
        AluInfo {
            commutative: true,
            ..$info
        }
    };
    ($info:expr, cross) => {
        AluInfo {
            cross_invocation: true,
            ..$info
        }
    };
}

alu_ops! {
    // ---- moves and vectors ----
    Mov = "mov" (Any: 0) -> Any: 0;
    Vec2 = "vec2" (Any: 1, Any: 1) -> Any: 2;
    Vec3 = "vec3" (Any: 1, Any: 1, Any: 1) -> Any: 3;
    Vec4 = "vec4" (Any: 1, Any: 1, Any: 1, Any: 1) -> Any: 4;
    Bcsel = "bcsel" (Bool: 0, Any: 0, Any: 0) -> Any: 0;

    // ---- floating point ----
    Fneg = "fneg" (Float: 0) -> Float: 0;
    Fabs = "fabs" (Float: 0) -> Float: 0;
    Fsat = "fsat" (Float: 0) -> Float: 0;
    Fsign = "fsign" (Float: 0) -> Float: 0;
    Ffloor = "ffloor" (Float: 0) -> Float: 0;
    Fceil = "fceil" (Float: 0) -> Float: 0;
    Ftrunc = "ftrunc" (Float: 0) -> Float: 0;
    FroundEven = "fround_even" (Float: 0) -> Float: 0;
    Ffract = "ffract" (Float: 0) -> Float: 0;
    Fadd = "fadd" (Float: 0, Float: 0) -> Float: 0, comm;
    Fsub = "fsub" (Float: 0, Float: 0) -> Float: 0;
    Fmul = "fmul" (Float: 0, Float: 0) -> Float: 0, comm;
    Fdiv = "fdiv" (Float: 0, Float: 0) -> Float: 0;
    /// GLSL `mod`: `x - y * floor(x / y)`.
    Fmod = "fmod" (Float: 0, Float: 0) -> Float: 0;
    Ffma = "ffma" (Float: 0, Float: 0, Float: 0) -> Float: 0;
    /// GLSL `mix`: `x * (1 - a) + y * a`.
    Flrp = "flrp" (Float: 0, Float: 0, Float: 0) -> Float: 0;
    Fmin = "fmin" (Float: 0, Float: 0) -> Float: 0, comm;
    Fmax = "fmax" (Float: 0, Float: 0) -> Float: 0, comm;
    /// GLSL `step(edge, x)`: `x < edge ? 0 : 1`.
    Fstep = "fstep" (Float: 0, Float: 0) -> Float: 0;
    Frcp = "frcp" (Float: 0) -> Float: 0;
    Frsq = "frsq" (Float: 0) -> Float: 0;
    Fsqrt = "fsqrt" (Float: 0) -> Float: 0;
    Fexp2 = "fexp2" (Float: 0) -> Float: 0;
    Flog2 = "flog2" (Float: 0) -> Float: 0;
    Fexp = "fexp" (Float: 0) -> Float: 0;
    Flog = "flog" (Float: 0) -> Float: 0;
    Fpow = "fpow" (Float: 0, Float: 0) -> Float: 0;
    Fsin = "fsin" (Float: 0) -> Float: 0;
    Fcos = "fcos" (Float: 0) -> Float: 0;
    Ftan = "ftan" (Float: 0) -> Float: 0;
    Fasin = "fasin" (Float: 0) -> Float: 0;
    Facos = "facos" (Float: 0) -> Float: 0;
    Fatan = "fatan" (Float: 0) -> Float: 0;
    /// GLSL `atan(y, x)`.
    Fatan2 = "fatan2" (Float: 0, Float: 0) -> Float: 0;
    Fsinh = "fsinh" (Float: 0) -> Float: 0;
    Fcosh = "fcosh" (Float: 0) -> Float: 0;
    Ftanh = "ftanh" (Float: 0) -> Float: 0;
    Fasinh = "fasinh" (Float: 0) -> Float: 0;
    Facosh = "facosh" (Float: 0) -> Float: 0;
    Fatanh = "fatanh" (Float: 0) -> Float: 0;
    Fdot2 = "fdot2" (Float: 2, Float: 2) -> Float: 1, comm;
    Fdot3 = "fdot3" (Float: 3, Float: 3) -> Float: 1, comm;
    Fdot4 = "fdot4" (Float: 4, Float: 4) -> Float: 1, comm;
    Fddx = "fddx" (Float: 0) -> Float: 0, cross;
    Fddy = "fddy" (Float: 0) -> Float: 0, cross;
    FddxFine = "fddx_fine" (Float: 0) -> Float: 0, cross;
    FddyFine = "fddy_fine" (Float: 0) -> Float: 0, cross;
    FddxCoarse = "fddx_coarse" (Float: 0) -> Float: 0, cross;
    FddyCoarse = "fddy_coarse" (Float: 0) -> Float: 0, cross;
    /// The significand of `frexp` (in [0.5, 1)).
    FrexpSig = "frexp_sig" (Float: 0) -> Float: 0;
    /// The exponent of `frexp`, a 32-bit integer.
    FrexpExp = "frexp_exp" (Float: 0) -> Int: 0, conv;
    /// `x * 2^exp`; the exponent is a 32-bit integer.
    Ldexp = "ldexp" (Float: 0, Int: 0) -> Float: 0;
    Fisnan = "fisnan" (Float: 0) -> Bool: 0, conv;
    Fisinf = "fisinf" (Float: 0) -> Bool: 0, conv;
    /// Rounds to the nearest half-precision value (`quantizeToF16`).
    Fquantize2f16 = "fquantize2f16" (Float: 0) -> Float: 0;

    // ---- comparisons (1-bit results) ----
    Flt = "flt" (Float: 0, Float: 0) -> Bool: 0, conv;
    Fge = "fge" (Float: 0, Float: 0) -> Bool: 0, conv;
    Feq = "feq" (Float: 0, Float: 0) -> Bool: 0, conv, comm;
    /// Not equal, true when either is NaN.
    Fneu = "fneu" (Float: 0, Float: 0) -> Bool: 0, conv, comm;
    Ilt = "ilt" (Int: 0, Int: 0) -> Bool: 0, conv;
    Ige = "ige" (Int: 0, Int: 0) -> Bool: 0, conv;
    Ult = "ult" (Uint: 0, Uint: 0) -> Bool: 0, conv;
    Uge = "uge" (Uint: 0, Uint: 0) -> Bool: 0, conv;
    Ieq = "ieq" (Any: 0, Any: 0) -> Bool: 0, conv, comm;
    Ine = "ine" (Any: 0, Any: 0) -> Bool: 0, conv, comm;

    // ---- integers ----
    Iadd = "iadd" (Int: 0, Int: 0) -> Int: 0, comm;
    Isub = "isub" (Int: 0, Int: 0) -> Int: 0;
    Imul = "imul" (Int: 0, Int: 0) -> Int: 0, comm;
    /// Signed division, rounding toward zero.
    Idiv = "idiv" (Int: 0, Int: 0) -> Int: 0;
    Udiv = "udiv" (Uint: 0, Uint: 0) -> Uint: 0;
    /// Signed remainder with the sign of the dividend (C `%`).
    Irem = "irem" (Int: 0, Int: 0) -> Int: 0;
    Umod = "umod" (Uint: 0, Uint: 0) -> Uint: 0;
    Ineg = "ineg" (Int: 0) -> Int: 0;
    Iabs = "iabs" (Int: 0) -> Int: 0;
    Isign = "isign" (Int: 0) -> Int: 0;
    Imin = "imin" (Int: 0, Int: 0) -> Int: 0, comm;
    Imax = "imax" (Int: 0, Int: 0) -> Int: 0, comm;
    Umin = "umin" (Uint: 0, Uint: 0) -> Uint: 0, comm;
    Umax = "umax" (Uint: 0, Uint: 0) -> Uint: 0, comm;
    /// Shifts take a 32-bit count, reduced modulo the bit size.
    Ishl = "ishl" (Int: 0, Uint: 0) -> Int: 0;
    Ishr = "ishr" (Int: 0, Uint: 0) -> Int: 0;
    Ushr = "ushr" (Uint: 0, Uint: 0) -> Uint: 0;
    /// Bitwise on integers, logical on 1-bit booleans.
    Iand = "iand" (Any: 0, Any: 0) -> Any: 0, comm;
    Ior = "ior" (Any: 0, Any: 0) -> Any: 0, comm;
    Ixor = "ixor" (Any: 0, Any: 0) -> Any: 0, comm;
    Inot = "inot" (Any: 0) -> Any: 0;
    /// `bitfieldInsert(base, insert, offset, bits)`.
    BitfieldInsert = "bitfield_insert" (Uint: 0, Uint: 0, Int: 0, Int: 0) -> Uint: 0;
    IbitfieldExtract = "ibitfield_extract" (Int: 0, Int: 0, Int: 0) -> Int: 0;
    UbitfieldExtract = "ubitfield_extract" (Uint: 0, Int: 0, Int: 0) -> Uint: 0;
    BitfieldReverse = "bitfield_reverse" (Uint: 0) -> Uint: 0;
    /// Results are 32-bit.
    BitCount = "bit_count" (Uint: 0) -> Int: 0, conv;
    UfindMsb = "ufind_msb" (Uint: 0) -> Int: 0, conv;
    IfindMsb = "ifind_msb" (Int: 0) -> Int: 0, conv;
    FindLsb = "find_lsb" (Uint: 0) -> Int: 0, conv;
    /// The carry of `a + b` (0 or 1).
    UaddCarry = "uadd_carry" (Uint: 0, Uint: 0) -> Uint: 0, comm;
    /// The borrow of `a - b` (0 or 1).
    UsubBorrow = "usub_borrow" (Uint: 0, Uint: 0) -> Uint: 0;
    UmulHigh = "umul_high" (Uint: 0, Uint: 0) -> Uint: 0, comm;
    ImulHigh = "imul_high" (Int: 0, Int: 0) -> Int: 0, comm;

    // ---- conversions (the result's bit size is the destination's) ----
    B2f = "b2f" (Bool: 0) -> Float: 0, conv;
    B2i = "b2i" (Bool: 0) -> Int: 0, conv;
    F2f = "f2f" (Float: 0) -> Float: 0, conv;
    F2i = "f2i" (Float: 0) -> Int: 0, conv;
    F2u = "f2u" (Float: 0) -> Uint: 0, conv;
    I2f = "i2f" (Int: 0) -> Float: 0, conv;
    U2f = "u2f" (Uint: 0) -> Float: 0, conv;
    /// Sign extension or truncation.
    I2i = "i2i" (Int: 0) -> Int: 0, conv;
    /// Zero extension or truncation.
    U2u = "u2u" (Uint: 0) -> Uint: 0, conv;

    // ---- reductions of boolean vectors ----
    Bany2 = "bany2" (Bool: 2) -> Bool: 1;
    Bany3 = "bany3" (Bool: 3) -> Bool: 1;
    Bany4 = "bany4" (Bool: 4) -> Bool: 1;
    Ball2 = "ball2" (Bool: 2) -> Bool: 1;
    Ball3 = "ball3" (Bool: 3) -> Bool: 1;
    Ball4 = "ball4" (Bool: 4) -> Bool: 1;

    // ---- packing (32-bit words, or 64-bit for the 2x32 forms) ----
    PackSnorm2x16 = "pack_snorm_2x16" (Float: 2) -> Uint: 1, conv;
    PackUnorm2x16 = "pack_unorm_2x16" (Float: 2) -> Uint: 1, conv;
    PackSnorm4x8 = "pack_snorm_4x8" (Float: 4) -> Uint: 1, conv;
    PackUnorm4x8 = "pack_unorm_4x8" (Float: 4) -> Uint: 1, conv;
    PackHalf2x16 = "pack_half_2x16" (Float: 2) -> Uint: 1, conv;
    UnpackSnorm2x16 = "unpack_snorm_2x16" (Uint: 1) -> Float: 2, conv;
    UnpackUnorm2x16 = "unpack_unorm_2x16" (Uint: 1) -> Float: 2, conv;
    UnpackSnorm4x8 = "unpack_snorm_4x8" (Uint: 1) -> Float: 4, conv;
    UnpackUnorm4x8 = "unpack_unorm_4x8" (Uint: 1) -> Float: 4, conv;
    UnpackHalf2x16 = "unpack_half_2x16" (Uint: 1) -> Float: 2, conv;
    /// Two 32-bit words (low first) into one 64-bit value.
    Pack64_2x32 = "pack_64_2x32" (Uint: 2) -> Uint: 1, conv;
    /// One 64-bit value into two 32-bit words (low first).
    Unpack64_2x32 = "unpack_64_2x32" (Uint: 1) -> Uint: 2, conv;

    // ---- square matrices given as their columns (GLSL `determinant`, `inverse`) ----
    // SPIR-V writes each as one GLSL.std.450 `Determinant` / `MatrixInverse`; the evaluation
    // (interpreter, constant folding) and the ALU expansion for targets without them
    // (`lower_matrix_ops` in fresnel-opt) follow one formula, `fresnel_interp::matrix`.
    /// The determinant of the matrix whose columns are the sources.
    Fdet2 = "fdet2" (Float: 2, Float: 2) -> Float: 1;
    Fdet3 = "fdet3" (Float: 3, Float: 3, Float: 3) -> Float: 1;
    Fdet4 = "fdet4" (Float: 4, Float: 4, Float: 4, Float: 4) -> Float: 1;
    /// Column j of the inverse of the matrix whose columns are the sources.
    Finverse2Col0 = "finverse2_col0" (Float: 2, Float: 2) -> Float: 2;
    Finverse2Col1 = "finverse2_col1" (Float: 2, Float: 2) -> Float: 2;
    Finverse3Col0 = "finverse3_col0" (Float: 3, Float: 3, Float: 3) -> Float: 3;
    Finverse3Col1 = "finverse3_col1" (Float: 3, Float: 3, Float: 3) -> Float: 3;
    Finverse3Col2 = "finverse3_col2" (Float: 3, Float: 3, Float: 3) -> Float: 3;
    Finverse4Col0 = "finverse4_col0" (Float: 4, Float: 4, Float: 4, Float: 4) -> Float: 4;
    Finverse4Col1 = "finverse4_col1" (Float: 4, Float: 4, Float: 4, Float: 4) -> Float: 4;
    Finverse4Col2 = "finverse4_col2" (Float: 4, Float: 4, Float: 4, Float: 4) -> Float: 4;
    Finverse4Col3 = "finverse4_col3" (Float: 4, Float: 4, Float: 4, Float: 4) -> Float: 4;

    // ---- a vector's component picked by a value (GLSL `v[i]` on a vector value) ----
    // Source 1 is a 32-bit index; an index out of range reads component 0 (GLSL leaves it
    // undefined). SPIR-V writes `OpVectorExtractDynamic`.
    Vextract2 = "vextract2" (Any: 2, Uint: 1) -> Any: 1;
    Vextract3 = "vextract3" (Any: 3, Uint: 1) -> Any: 1;
    Vextract4 = "vextract4" (Any: 4, Uint: 1) -> Any: 1;
}

impl AluOp {
    pub fn name(self) -> &'static str {
        self.info().name
    }

    /// The `vecN` opcode making `n` components (1 gives `mov`).
    pub fn vec(n: u8) -> Option<AluOp> {
        Some(match n {
            1 => AluOp::Mov,
            2 => AluOp::Vec2,
            3 => AluOp::Vec3,
            4 => AluOp::Vec4,
            _ => return None,
        })
    }
}

impl std::fmt::Display for AluOp {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl AluOp {
    /// A source whose bit size is fixed whatever the result's: booleans (1), shift counts and
    /// exponents and bitfield offsets (32). `None`: the source has the operation's bit size
    /// (or, for conversions, any size).
    pub fn fixed_src_bits(self, src: usize) -> Option<u8> {
        let info = self.info();
        if info.src_class[src] == TypeClass::Bool {
            return Some(1);
        }
        match (self, src) {
            (AluOp::Ishl | AluOp::Ishr | AluOp::Ushr | AluOp::Ldexp, 1) => Some(32),
            (AluOp::BitfieldInsert, 2 | 3) => Some(32),
            (AluOp::IbitfieldExtract | AluOp::UbitfieldExtract, 1 | 2) => Some(32),
            (AluOp::Pack64_2x32, 0) => Some(32),
            (AluOp::Vextract2 | AluOp::Vextract3 | AluOp::Vextract4, 1) => Some(32),
            (
                AluOp::UnpackSnorm2x16
                | AluOp::UnpackUnorm2x16
                | AluOp::UnpackSnorm4x8
                | AluOp::UnpackUnorm4x8
                | AluOp::UnpackHalf2x16,
                0,
            ) => Some(32),
            (AluOp::Unpack64_2x32, 0) => Some(64),
            _ => None,
        }
    }

    /// The result's bit size when it is fixed: booleans (1), the 32-bit integer results of
    /// bit queries, packing.
    pub fn fixed_dest_bits(self) -> Option<u8> {
        let info = self.info();
        if info.dest_class == TypeClass::Bool {
            return Some(1);
        }
        match self {
            AluOp::FrexpExp
            | AluOp::BitCount
            | AluOp::UfindMsb
            | AluOp::IfindMsb
            | AluOp::FindLsb => Some(32),
            AluOp::PackSnorm2x16
            | AluOp::PackUnorm2x16
            | AluOp::PackSnorm4x8
            | AluOp::PackUnorm4x8
            | AluOp::PackHalf2x16
            | AluOp::Unpack64_2x32 => Some(32),
            AluOp::Pack64_2x32 => Some(64),
            _ => None,
        }
    }
}

// Square-matrix operations (`fdetN`, `finverseN_colJ`): size and column. Added for GLSL.std.450
// `Determinant` / `MatrixInverse`.
impl AluOp {
    /// `(n, None)` for the determinant of an n x n matrix, `(n, Some(j))` for column j of
    /// its inverse; `None` for every other opcode.
    pub fn matrix_op(self) -> Option<(u8, Option<u8>)> {
        use AluOp::*;
        Some(match self {
            Fdet2 => (2, None),
            Fdet3 => (3, None),
            Fdet4 => (4, None),
            Finverse2Col0 => (2, Some(0)),
            Finverse2Col1 => (2, Some(1)),
            Finverse3Col0 => (3, Some(0)),
            Finverse3Col1 => (3, Some(1)),
            Finverse3Col2 => (3, Some(2)),
            Finverse4Col0 => (4, Some(0)),
            Finverse4Col1 => (4, Some(1)),
            Finverse4Col2 => (4, Some(2)),
            Finverse4Col3 => (4, Some(3)),
            _ => return None,
        })
    }

    /// The determinant (`col` None) or inverse-column opcode of an n x n matrix.
    pub fn for_matrix(n: u8, col: Option<u8>) -> Option<AluOp> {
        ALL_ALU_OPS
            .iter()
            .copied()
            .find(|o| o.matrix_op() == Some((n, col)))
    }
}
