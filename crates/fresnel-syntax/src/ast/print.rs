//! The textual dump of an AST (`fresnel compile --emit ast`): one node per line, children
//! indented by two spaces, each node with its presumed `line:column`. Deterministic.

use std::fmt::Write as _;

use super::*;
use crate::intern::Interner;
use crate::source::SourceMap;

struct Printer<'a> {
    tu: &'a TranslationUnit,
    sm: &'a SourceMap,
    interner: &'a Interner,
    out: String,
    depth: usize,
}

/// Prints a translation unit.
pub fn print_ast(tu: &TranslationUnit, sm: &SourceMap, interner: &Interner) -> String {
    let mut p = Printer {
        tu,
        sm,
        interner,
        out: String::new(),
        depth: 0,
    };
    match tu.version {
        Some(v) => p.line_plain(&format!("TranslationUnit (GLSL {v})")),
        None => p.line_plain("TranslationUnit"),
    }
    p.depth += 1;
    for d in &tu.decls {
        p.external(d);
    }
    p.out
}

impl Printer<'_> {
    fn name(&self, s: Symbol) -> &str {
        self.interner.resolve(s)
    }

    fn loc(&self, span: Span) -> String {
        let l = self.sm.location(span);
        format!("{}:{}", l.line, l.column)
    }

    fn line_plain(&mut self, text: &str) {
        for _ in 0..self.depth {
            self.out.push_str("  ");
        }
        self.out.push_str(text);
        self.out.push('\n');
    }

    fn line(&mut self, text: &str, span: Span) {
        for _ in 0..self.depth {
            self.out.push_str("  ");
        }
        let loc = self.loc(span);
        let _ = writeln!(self.out, "{text} @{loc}");
    }

    fn nested(&mut self, f: impl FnOnce(&mut Self)) {
        self.depth += 1;
        f(self);
        self.depth -= 1;
    }

    fn external(&mut self, d: &ExternalDecl) {
        match d {
            ExternalDecl::Function(f) => {
                let text = format!("FunctionDefinition {}", self.proto_sig(&f.proto));
                self.line(&text, f.proto.name_span);
                self.nested(|p| {
                    p.attrs(&f.proto.attrs);
                    p.proto_parts(&f.proto);
                    p.stmt(f.body);
                });
            }
            ExternalDecl::Decl(d) => self.decl(d),
            ExternalDecl::Empty(s) => self.line("EmptyDeclaration", *s),
        }
    }

    fn attrs(&mut self, attrs: &[Attribute]) {
        for a in attrs {
            let text = format!("Attribute {}", self.name(a.name));
            self.line(&text, a.span);
            self.nested(|p| {
                for &e in &a.args {
                    p.expr(e);
                }
            });
        }
    }

    fn proto_sig(&self, proto: &FunctionProto) -> String {
        format!(
            "{} -> {}",
            self.name(proto.name),
            self.type_text(&proto.return_type)
        )
    }

    fn proto_parts(&mut self, proto: &FunctionProto) {
        self.qualifiers(&proto.qualifiers);
        self.type_dims(&proto.return_type);
        for prm in &proto.params {
            let name = prm
                .name
                .map_or(String::from("<unnamed>"), |(s, _)| self.name(s).to_string());
            let text = format!("Parameter {name}: {}", self.type_text(&prm.ty));
            self.line(&text, prm.span);
            self.nested(|p| {
                p.qualifiers(&prm.qualifiers);
                p.type_dims(&prm.ty);
                if let Some(a) = &prm.array {
                    p.array("ArrayDims", a);
                }
            });
        }
    }

    /// A type's name as text (without nested details).
    fn type_text(&self, t: &TypeSpec) -> String {
        let mut s = match &t.kind {
            TypeKind::Builtin(k) => k.text().to_string(),
            TypeKind::Named(n) => self.name(*n).to_string(),
            TypeKind::Struct(st) => match st.name {
                Some((n, _)) => format!("struct {}", self.name(n)),
                None => "struct <anonymous>".to_string(),
            },
            TypeKind::Spirv(_) => "spirv_type(...)".to_string(),
        };
        if let Some(params) = &t.params {
            let _ = write!(s, "<{} params>", params.len());
        }
        if let Some(a) = &t.array {
            for d in &a.dims {
                s.push_str(if d.is_some() { "[N]" } else { "[]" });
            }
        }
        s
    }

    /// Children of a type that need their own lines: struct bodies, parameters, array sizes.
    fn type_dims(&mut self, t: &TypeSpec) {
        match &t.kind {
            TypeKind::Struct(st) => {
                let text = match st.name {
                    Some((n, _)) => format!("Struct {}", self.name(n)),
                    None => "Struct <anonymous>".to_string(),
                };
                self.line(&text, st.span);
                self.nested(|p| p.members(&st.members));
            }
            TypeKind::Spirv(q) => self.spirv(q),
            _ => {}
        }
        if let Some(params) = &t.params {
            self.line_plain("TypeParameters");
            self.nested(|p| {
                for prm in params {
                    match prm {
                        TypeParam::Type(ty) => {
                            let text = format!("Type {}", p.type_text(ty));
                            p.line(&text, ty.span);
                            p.nested(|p| p.type_dims(ty));
                        }
                        TypeParam::Expr(e) => p.expr(*e),
                    }
                }
            });
        }
        if let Some(a) = &t.array {
            self.array("TypeArrayDims", a);
        }
    }

    fn array(&mut self, label: &str, a: &ArraySpec) {
        if a.dims.iter().all(|d| d.is_none()) {
            return;
        }
        self.line(label, a.span);
        self.nested(|p| {
            for d in &a.dims {
                match d {
                    Some(e) => p.expr(*e),
                    None => p.line_plain("Unsized"),
                }
            }
        });
    }

    fn members(&mut self, members: &[StructMember]) {
        for m in members {
            let names: Vec<&str> = m.declarators.iter().map(|d| self.name(d.name)).collect();
            let text = format!("Member {}: {}", names.join(", "), self.type_text(&m.ty));
            self.line(&text, m.span);
            self.nested(|p| {
                p.qualifiers(&m.qualifiers);
                p.type_dims(&m.ty);
                for d in &m.declarators {
                    if let Some(a) = &d.array {
                        let label = format!("ArrayDims of {}", p.name(d.name));
                        p.array(&label, a);
                    }
                    if let Some(i) = &d.init {
                        p.initializer(i);
                    }
                }
            });
        }
    }

    fn qualifiers(&mut self, q: &Qualifiers) {
        if q.is_empty() {
            return;
        }
        let mut simple = Vec::new();
        for item in &q.items {
            let s = match &item.kind {
                QualifierKind::Layout(_) => "layout(...)".to_string(),
                QualifierKind::Subroutine(names) if names.is_empty() => "subroutine".to_string(),
                QualifierKind::Subroutine(names) => {
                    let n: Vec<&str> = names.iter().map(|(s, _)| self.name(*s)).collect();
                    format!("subroutine({})", n.join(", "))
                }
                QualifierKind::Named(s) => self.name(*s).to_string(),
                QualifierKind::Spirv(q) => format!("{}(...)", self.name(q.name)),
                QualifierKind::Precision(p) => p.name().to_string(),
                k => format!("{k:?}").to_lowercase(),
            };
            simple.push(s);
        }
        let text = format!("Qualifiers {}", simple.join(" "));
        self.line(&text, q.span);
        self.nested(|p| {
            for item in &q.items {
                match &item.kind {
                    QualifierKind::Layout(ids) => {
                        p.line("Layout", item.span);
                        p.nested(|p| {
                            for id in ids {
                                let text = format!("LayoutId {}", p.name(id.name));
                                p.line(&text, id.span);
                                if let Some(v) = id.value {
                                    p.nested(|p| p.expr(v));
                                }
                            }
                        });
                    }
                    QualifierKind::Spirv(q) => p.spirv(q),
                    _ => {}
                }
            }
        });
    }

    fn spirv(&mut self, q: &SpirvQualifier) {
        let text = format!("Spirv {}", self.name(q.name));
        self.line(&text, q.span);
        self.nested(|p| {
            for a in &q.args {
                p.spirv_arg(a);
            }
        });
    }

    fn spirv_arg(&mut self, a: &SpirvArg) {
        match a {
            SpirvArg::Expr(e) => self.expr(*e),
            SpirvArg::Named { key, value, span } => {
                let text = format!("Named {}", self.name(*key));
                self.line(&text, *span);
                self.nested(|p| p.spirv_arg(value));
            }
            SpirvArg::List(items, span) => {
                self.line("List", *span);
                self.nested(|p| {
                    for i in items {
                        p.spirv_arg(i);
                    }
                });
            }
            SpirvArg::Type(t) => {
                let text = format!("Type {}", self.type_text(t));
                self.line(&text, t.span);
                self.nested(|p| p.type_dims(t));
            }
        }
    }

    fn decl(&mut self, d: &Decl) {
        match &d.kind {
            DeclKind::Variables {
                qualifiers,
                ty,
                declarators,
            } => {
                let text = format!("Declaration {}", self.type_text(ty));
                self.line(&text, d.span);
                self.nested(|p| {
                    p.qualifiers(qualifiers);
                    p.type_dims(ty);
                    for dec in declarators {
                        let text = format!("Declarator {}", p.name(dec.name));
                        p.line(&text, dec.name_span);
                        p.nested(|p| {
                            if let Some(a) = &dec.array {
                                p.array("ArrayDims", a);
                            }
                            if let Some(i) = &dec.init {
                                p.initializer(i);
                            }
                        });
                    }
                });
            }
            DeclKind::Prototype(proto) => {
                let text = format!("FunctionPrototype {}", self.proto_sig(proto));
                self.line(&text, proto.name_span);
                self.nested(|p| {
                    p.attrs(&proto.attrs);
                    p.proto_parts(proto);
                });
            }
            DeclKind::Block(b) => {
                let text = format!("Block {}", self.name(b.name));
                self.line(&text, b.name_span);
                self.nested(|p| {
                    p.qualifiers(&b.qualifiers);
                    p.members(&b.members);
                    if let Some(inst) = &b.instance {
                        let text = format!("Instance {}", p.name(inst.name));
                        p.line(&text, inst.name_span);
                        if let Some(a) = &inst.array {
                            p.nested(|p| p.array("ArrayDims", a));
                        }
                    }
                });
            }
            DeclKind::Qualifiers(q) => {
                self.line("QualifierDeclaration", d.span);
                self.nested(|p| p.qualifiers(q));
            }
            DeclKind::QualifiedNames { qualifiers, names } => {
                let n: Vec<&str> = names.iter().map(|(s, _)| self.name(*s)).collect();
                let text = format!("QualifiedNames {}", n.join(", "));
                self.line(&text, d.span);
                self.nested(|p| p.qualifiers(qualifiers));
            }
            DeclKind::Precision { precision, ty, .. } => {
                let text = format!("Precision {} {}", precision.name(), self.type_text(ty));
                self.line(&text, d.span);
            }
            DeclKind::SpirvDirective(q) => self.spirv(q),
        }
    }

    fn initializer(&mut self, i: &Initializer) {
        match i {
            Initializer::Expr(e) => self.expr(*e),
            Initializer::List(items, span) => {
                self.line("InitializerList", *span);
                self.nested(|p| {
                    for it in items {
                        p.initializer(it);
                    }
                });
            }
        }
    }

    fn stmt(&mut self, id: StmtId) {
        let s = self.tu.stmt(id);
        let span = s.span;
        self.attrs(&s.attrs);
        match &s.kind {
            StmtKind::Decl(d) => self.decl(self.tu.local_decl(*d)),
            StmtKind::Expr(e) => {
                self.line("ExpressionStatement", span);
                self.nested(|p| p.expr(*e));
            }
            StmtKind::Empty => self.line("Empty", span),
            StmtKind::Compound(items) => {
                self.line("Compound", span);
                self.nested(|p| {
                    for &i in items {
                        p.stmt(i);
                    }
                });
            }
            StmtKind::If {
                cond,
                then_branch,
                else_branch,
            } => {
                self.line("If", span);
                self.nested(|p| {
                    p.expr(*cond);
                    p.stmt(*then_branch);
                    if let Some(e) = else_branch {
                        p.line_plain("Else");
                        p.nested(|p| p.stmt(*e));
                    }
                });
            }
            StmtKind::Switch { selector, body } => {
                self.line("Switch", span);
                self.nested(|p| {
                    p.expr(*selector);
                    for &i in body {
                        p.stmt(i);
                    }
                });
            }
            StmtKind::Case(e) => {
                self.line("Case", span);
                self.nested(|p| p.expr(*e));
            }
            StmtKind::Default => self.line("Default", span),
            StmtKind::While { cond, body } => {
                self.line("While", span);
                self.nested(|p| {
                    p.condition(cond);
                    p.stmt(*body);
                });
            }
            StmtKind::DoWhile { body, cond } => {
                self.line("DoWhile", span);
                self.nested(|p| {
                    p.stmt(*body);
                    p.expr(*cond);
                });
            }
            StmtKind::For {
                init,
                cond,
                step,
                body,
            } => {
                self.line("For", span);
                self.nested(|p| {
                    match init {
                        Some(i) => p.stmt(*i),
                        None => p.line_plain("NoInit"),
                    }
                    match cond {
                        Some(c) => p.condition(c),
                        None => p.line_plain("NoCondition"),
                    }
                    match step {
                        Some(e) => p.expr(*e),
                        None => p.line_plain("NoStep"),
                    }
                    p.stmt(*body);
                });
            }
            StmtKind::Break => self.line("Break", span),
            StmtKind::Continue => self.line("Continue", span),
            StmtKind::Discard => self.line("Discard", span),
            StmtKind::Return(v) => {
                self.line("Return", span);
                if let Some(e) = v {
                    self.nested(|p| p.expr(*e));
                }
            }
            StmtKind::Demote => self.line("Demote", span),
            StmtKind::TerminateInvocation => self.line("TerminateInvocation", span),
            StmtKind::IgnoreIntersection => self.line("IgnoreIntersection", span),
            StmtKind::TerminateRay => self.line("TerminateRay", span),
            StmtKind::Error => self.line("ErrorStatement", span),
        }
    }

    fn condition(&mut self, c: &Condition) {
        match c {
            Condition::Expr(e) => self.expr(*e),
            Condition::Decl(d) => {
                let CondDecl {
                    ty,
                    qualifiers,
                    name,
                    init,
                    span,
                    ..
                } = self.tu.cond_decl(*d);
                let text = format!(
                    "ConditionDeclaration {}: {}",
                    self.name(*name),
                    self.type_text(ty)
                );
                self.line(&text, *span);
                self.nested(|p| {
                    p.qualifiers(qualifiers);
                    p.expr(*init);
                });
            }
        }
    }

    fn expr(&mut self, id: ExprId) {
        let e = self.tu.expr(id);
        let span = e.span;
        match &e.kind {
            ExprKind::Ident(s) => {
                let text = format!("Identifier {}", self.name(*s));
                self.line(&text, span);
            }
            ExprKind::IntLit(l) => {
                let suffix = match l.suffix {
                    IntSuffix::None => "int",
                    IntSuffix::U => "uint",
                    IntSuffix::L => "int64",
                    IntSuffix::UL => "uint64",
                    IntSuffix::S => "int16",
                    IntSuffix::US => "uint16",
                };
                let text = format!("IntLiteral {} ({suffix})", l.value);
                self.line(&text, span);
            }
            ExprKind::FloatLit(l) => {
                let suffix = match l.suffix {
                    FloatSuffix::None | FloatSuffix::F => "float",
                    FloatSuffix::LF => "double",
                    FloatSuffix::HF => "float16",
                    FloatSuffix::Small(f) => f.suffix_and_extension().0,
                };
                let text = format!("FloatLiteral {:?} ({suffix})", l.value);
                self.line(&text, span);
            }
            ExprKind::BoolLit(b) => self.line(&format!("BoolLiteral {b}"), span),
            ExprKind::StrLit(s) => {
                let text = format!("StringLiteral {}", self.name(*s));
                self.line(&text, span);
            }
            ExprKind::Unary { op, operand } => {
                let kind = match op {
                    UnaryOp::PostInc | UnaryOp::PostDec => "Postfix",
                    _ => "Prefix",
                };
                self.line(&format!("{kind} {}", op.text()), span);
                self.nested(|p| p.expr(*operand));
            }
            ExprKind::Binary { op, lhs, rhs } => {
                self.line(&format!("Binary {}", op.text()), span);
                self.nested(|p| {
                    p.expr(*lhs);
                    p.expr(*rhs);
                });
            }
            ExprKind::Assign { op, lhs, rhs } => {
                let text = match op {
                    None => "Assign =".to_string(),
                    Some(o) => format!("Assign {}=", o.text()),
                };
                self.line(&text, span);
                self.nested(|p| {
                    p.expr(*lhs);
                    p.expr(*rhs);
                });
            }
            ExprKind::Ternary {
                cond,
                then_expr,
                else_expr,
            } => {
                self.line("Conditional", span);
                self.nested(|p| {
                    p.expr(*cond);
                    p.expr(*then_expr);
                    p.expr(*else_expr);
                });
            }
            ExprKind::Comma(items) => {
                self.line("Comma", span);
                self.nested(|p| {
                    for &i in items {
                        p.expr(i);
                    }
                });
            }
            ExprKind::Index { base, index } => {
                self.line("Index", span);
                self.nested(|p| {
                    p.expr(*base);
                    p.expr(*index);
                });
            }
            ExprKind::Field { base, name, .. } => {
                let text = format!("Field .{}", self.name(*name));
                self.line(&text, span);
                self.nested(|p| p.expr(*base));
            }
            ExprKind::Call { callee, args } => {
                let text = match callee {
                    Callee::Name(s, _) => format!("Call {}", self.name(*s)),
                    Callee::Type(t) => {
                        format!("Constructor {}", self.type_text(self.tu.type_spec(*t)))
                    }
                };
                self.line(&text, span);
                self.nested(|p| {
                    if let Callee::Type(t) = callee {
                        p.type_dims(p.tu.type_spec(*t));
                    }
                    for &a in p.tu.expr_list(*args) {
                        p.expr(a);
                    }
                });
            }
            ExprKind::Method {
                base, name, args, ..
            } => {
                let text = format!("Method .{}()", self.name(*name));
                self.line(&text, span);
                self.nested(|p| {
                    p.expr(*base);
                    for &a in p.tu.expr_list(*args) {
                        p.expr(a);
                    }
                });
            }
            ExprKind::Cast { ty, operand } => {
                let ty = self.tu.type_spec(*ty);
                let text = format!("Cast {}", self.type_text(ty));
                self.line(&text, span);
                self.nested(|p| {
                    p.type_dims(ty);
                    p.expr(*operand);
                });
            }
            ExprKind::Error => self.line("ErrorExpression", span),
        }
    }
}
