package dev.skyscaler.aws.emulator;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A test class that runs against the run's {@link AwsEmulator} (a constructor or method parameter
 * of that type). Tagged {@value #TAG}: the {@code localstack} profile runs only these classes.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Tag(EmulatedAws.TAG)
@ExtendWith(AwsEmulatorExtension.class)
public @interface EmulatedAws {
  String TAG = "aws-emulator";
}
